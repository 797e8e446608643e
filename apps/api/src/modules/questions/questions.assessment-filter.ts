import type { SQL } from 'drizzle-orm';

/**
 * The list's `notInAssessment` filter ("questions not yet in this
 * assessment", the assessment builder's picker) needs to know which
 * questions an assessment holds, which only the assessment module knows.
 * That module registers it here once, at load, with
 * `registerAssessmentQuestions((id) => sql\`select question_id from … where assessment_id = ${id}\`)`:
 * a select of one non-null column of question ids. The list then keeps the
 * questions outside that set (`id not in (…)`: PostgreSQL hashes the small
 * set once, so it combines with any order or index the list uses).
 *
 * Until an assessment module registers, no question can be in any
 * assessment, so the filter keeps every question: the answer is literally
 * true (as an unknown grade id answers an empty list rather than an error).
 */
export type AssessmentQuestions = (assessmentId: number) => SQL;

let registered: AssessmentQuestions | null = null;

/** Registers the assessment module's question set; answers a function that undoes it (tests). */
export function registerAssessmentQuestions(questionIds: AssessmentQuestions): () => void {
  if (registered) throw new Error('The questions of an assessment are registered already');
  registered = questionIds;
  return () => {
    if (registered === questionIds) registered = null;
  };
}

/** The registered select of an assessment's question ids, or null while none is registered. */
export const assessmentQuestionIds = (assessmentId: number): SQL | null =>
  registered ? registered(assessmentId) : null;
