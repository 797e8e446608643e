// The media module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { mediaBulkEdit } from './media.bulk-edit.ts';
export { readStoredDuration } from './media.files.ts';
export { fileLink, lockMediaRow, PLAY_LINK_TTL_MS } from './media.queries.ts';
