// The learners module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { guardLearnerRoutes } from './learner-token.ts';
export { learnerBulkEdit } from './learners.bulk-edit.ts';
export { LEARNER_COLUMNS } from './learners.columns.ts';
