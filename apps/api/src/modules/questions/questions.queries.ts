import type { Question, QuestionFields } from '@bo/contract';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { admins, questions } from '../../db/schema/index.ts';
import { curriculumNames, joinCurriculumNames } from '../../lib/curriculum-names.ts';

/**
 * Reading questions as the API answers them: the stored fields with the
 * names of their curriculum and of the admins who created and last saved
 * them, in one select.
 */

const createdBy = alias(admins, 'created_by_admin');
const updatedBy = alias(admins, 'updated_by_admin');

/** The bank's columns of a question as the API answers it (assessments pick from these). */
export const questionColumns = {
  id: questions.id,
  type: questions.type,
  stem: questions.stem,
  options: questions.options,
  blanks: questions.blanks,
  numeric: questions.numeric,
  matching: questions.matching,
  ordering: questions.ordering,
  cloze: questions.cloze,
  modelAnswer: questions.modelAnswer,
  explanation: questions.explanation,
  difficulty: questions.difficulty,
  marks: questions.marks,
  negativeMarks: questions.negativeMarks,
  gradeId: questions.gradeId,
  subjectId: questions.subjectId,
  chapterId: questions.chapterId,
  topicId: questions.topicId,
  tags: questions.tags,
  language: questions.language,
  status: questions.status,
  revision: questions.revision,
  source: questions.source,
  sourceLabel: questions.sourceLabel,
  ...curriculumNames,
  createdByName: createdBy.name,
  updatedByName: updatedBy.name,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};

const selectQuestions = (db: Db | Tx) =>
  joinCurriculumNames(db.select(questionColumns).from(questions).$dynamic(), questions)
    .leftJoin(createdBy, eq(createdBy.id, questions.createdBy))
    .leftJoin(updatedBy, eq(updatedBy.id, questions.updatedBy));

type QuestionRecord = Awaited<ReturnType<typeof selectQuestions>>[number];

/** A row as the contract's `Question`. */
export function presentQuestion(row: QuestionRecord): Question {
  return {
    ...row,
    marks: Number(row.marks),
    negativeMarks: Number(row.negativeMarks),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findQuestion(db: Db | Tx, id: number): Promise<Question | null> {
  const [row] = await selectQuestions(db).where(eq(questions.id, id));
  return row ? presentQuestion(row) : null;
}

/** Several questions, in the order of `ids` (unknown ids are left out). */
export async function findQuestions(db: Db | Tx, ids: number[]): Promise<Question[]> {
  if (!ids.length) return [];
  const rows = await selectQuestions(db).where(inArray(questions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, presentQuestion(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A revision's fields as the contract has them now: revisions saved before
 * migration 0039 have no matching, ordering or cloze (null for them).
 */
export const revisionFields = (f: QuestionFields): QuestionFields => ({
  ...f,
  matching: f.matching ?? null,
  ordering: f.ordering ?? null,
  cloze: f.cloze ?? null,
});

/** The fields of a question that its revisions record (the input shape). */
export function fieldsOf(q: QuestionFields): QuestionFields {
  return {
    type: q.type,
    stem: q.stem,
    options: q.options,
    blanks: q.blanks,
    numeric: q.numeric,
    matching: q.matching,
    ordering: q.ordering,
    cloze: q.cloze,
    modelAnswer: q.modelAnswer,
    explanation: q.explanation,
    difficulty: q.difficulty,
    marks: Number(q.marks),
    negativeMarks: Number(q.negativeMarks),
    gradeId: q.gradeId,
    subjectId: q.subjectId,
    chapterId: q.chapterId,
    topicId: q.topicId,
    tags: q.tags,
    language: q.language,
    status: q.status,
  };
}

/** Locks the rows of `ids` for a change (status, delete, edit), answering what the change needs. */
export function lockQuestions(tx: Tx, ids: number[]) {
  return tx
    .select({
      id: questions.id,
      revision: questions.revision,
      status: questions.status,
      dedupeKey: questions.dedupeKey,
    })
    .from(questions)
    .where(inArray(questions.id, ids))
    .orderBy(questions.id)
    .for('update');
}
