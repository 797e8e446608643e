// The assessments module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { engineHandlers } from './assessments.handlers.ts';
export { resolveOwned } from './assessments.owned.ts';
export { findAssessment } from './assessments.queries.ts';
export {
  createAssessment,
  editAssessment,
  getGeneralInstructions,
  setGeneralInstructions,
} from './assessments.service.ts';
