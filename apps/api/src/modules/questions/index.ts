// The questions module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { registerAssessmentQuestions } from './questions.assessment-filter.ts';
export { type PreparedQuestion, prepareQuestion } from './questions.prepare.ts';
export { questionColumns } from './questions.queries.ts';
export { QUESTION_USAGES } from './questions.usage.ts';
export { existingDuplicates, insertQuestions } from './questions.write.ts';
