import type { QuestionRow } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { curriculumNames, joinCurriculumNames } from '../../lib/curriculum-names.ts';
import { richTextView } from '../../lib/rich-text/view.ts';

/**
 * A list row (enough to render the stem and its labels) with its curriculum
 * names; the whole question is questions.queries.ts's `findQuestions`.
 */

const rowFields = {
  id: questions.id,
  type: questions.type,
  stem: questions.stem,
  difficulty: questions.difficulty,
  status: questions.status,
  marks: questions.marks,
  negativeMarks: questions.negativeMarks,
  tags: questions.tags,
  language: questions.language,
  source: questions.source,
  ...curriculumNames,
  updatedAt: questions.updatedAt,
};

/** FROM questions with the curriculum names: the list's page rows (filtered by id by the caller). */
export const selectQuestionRows = (db: Db | Tx) =>
  joinCurriculumNames(db.select(rowFields).from(questions).$dynamic(), questions);

type RowRecord = Awaited<ReturnType<typeof selectQuestionRows>>[number];

export const toQuestionRow = (r: RowRecord): QuestionRow => ({
  ...r,
  stemView: richTextView(r.stem),
  updatedAt: r.updatedAt.toISOString(),
});
