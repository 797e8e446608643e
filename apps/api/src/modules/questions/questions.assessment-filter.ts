import { type SQL, sql } from 'drizzle-orm';
import { assessmentItems } from '../../db/schema/index.ts';

/**
 * The list's `notInAssessment` filter ("questions not yet in this
 * assessment", the assessment builder's picker): a select of one non-null
 * column of the question ids an assessment holds. The list keeps the
 * questions outside that set (`id not in (…)`: PostgreSQL hashes the small
 * set once, so it combines with any order or index the list uses).
 */
export const assessmentQuestionIds = (assessmentId: number): SQL =>
  sql`select ${assessmentItems.questionId} from ${assessmentItems} where ${assessmentItems.assessmentId} = ${assessmentId} and ${assessmentItems.questionId} is not null`;
