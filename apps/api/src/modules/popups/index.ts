// The popups module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { learnerOf, popupsFor, recordPopupShown } from './popups.app.ts';
