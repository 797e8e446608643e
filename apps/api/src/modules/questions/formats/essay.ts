import type { QuestionFieldsInput } from '@bo/contract';

/**
 * An essay as a subjective question. Moodle's essays often carry no grader
 * information (GIFT never does), and the bank wants a model answer before a
 * subjective question can be used: such an essay comes in as a draft, with
 * a warning on its question saying the model answer is missing, instead of
 * an error that would block its whole file (the contract lets a draft
 * subjective question wait for its model answer).
 */
export function essay(
  label: string,
  stem: string,
  modelAnswer: string | null,
): { fields: QuestionFieldsInput; warning: string | null } {
  if (modelAnswer) return { fields: { type: 'subjective', stem, modelAnswer }, warning: null };
  return {
    fields: { type: 'subjective', stem, modelAnswer: null, status: 'draft' },
    warning: `${label} (essay): model answer missing; it comes in as a draft subjective question: write its model answer before making it active`,
  };
}
