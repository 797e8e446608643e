import type { QuestionRow } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, questions, subjects, topics } from '../../db/schema/index.ts';
import { richTextView } from '../../lib/rich-text/view.ts';

/**
 * A list row (enough to render the stem and its labels) with its curriculum
 * names; the whole question is questions.queries.ts's `findQuestions`.
 */

const curriculumNames = {
  gradeName: grades.name,
  subjectName: subjects.name,
  chapterName: chapters.name,
  topicName: topics.name,
};

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
  db
    .select(rowFields)
    .from(questions)
    .leftJoin(grades, eq(grades.id, questions.gradeId))
    .leftJoin(subjects, eq(subjects.id, questions.subjectId))
    .leftJoin(chapters, eq(chapters.id, questions.chapterId))
    .leftJoin(topics, eq(topics.id, questions.topicId));

type RowRecord = Awaited<ReturnType<typeof selectQuestionRows>>[number];

export const toQuestionRow = (r: RowRecord): QuestionRow => ({
  ...r,
  stemView: richTextView(r.stem),
  updatedAt: r.updatedAt.toISOString(),
});
