// The questions module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.

// Content that travels: an assessment is written by the question formats' writers.
export type { QtiQuestion } from './formats/qti/items.ts';
export type { PackageSection } from './formats/qti/package.ts';
export { travellingFile } from './formats/travel.ts';
export { questionBulkEdit } from './questions.bulk-edit.ts';
export { checkCurriculum } from './questions.curriculum.ts';
export { expectedPrefixMatches } from './questions.duplicates.ts';
export { questionSearch, searchWords } from './questions.list.ts';
export { type PreparedQuestion, prepareQuestion } from './questions.prepare.ts';
export { questionColumns } from './questions.queries.ts';
export { plainText } from './questions.text.ts';
export { insertQuestions } from './questions.write.ts';
export { existingDuplicates } from './questions.write-checks.ts';
