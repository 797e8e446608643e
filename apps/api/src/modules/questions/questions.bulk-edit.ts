import {
  type QuestionBulkSet,
  type QuestionFields,
  type QuestionListQuery,
  questionProblems,
} from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { questions } from '../../db/schema/index.ts';
import {
  LEVELS,
  levelAssignments,
  levelUndoBlockers,
  withLevelsAbove,
} from '../../lib/bulk-edit/curriculum.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { checkCurriculum } from './questions.curriculum.ts';
import { assertDateRange, type QuestionFilters, questionWhere } from './questions.list.ts';
import { fieldsOf } from './questions.queries.ts';

/**
 * Questions in a bulk edit (docs/bulk-edits.md): the fields of the single
 * edit that make sense for many questions at once, checked by the same
 * rules (questionProblems, the curriculum check), each save a revision.
 */

const LEVEL_COLUMNS = {
  gradeId: questions.gradeId,
  subjectId: questions.subjectId,
  chapterId: questions.chapterId,
  topicId: questions.topicId,
};

/** The columns questionProblems reads (a revision's fields). */
const fieldColumns = {
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
};

/** The tags after the edit: removed ones out, added ones in once, first seen order kept. */
function tagsAfter(set: QuestionBulkSet): SQL {
  const add = JSON.stringify(set.addTags ?? []);
  const remove = JSON.stringify(set.removeTags ?? []);
  return sql`coalesce((select array_agg(t order by o) from (
      select t, min(o) as o from unnest(${questions.tags} || array(select jsonb_array_elements_text(${add}::jsonb))) with ordinality as u(t, o)
      where not (t = any(array(select jsonb_array_elements_text(${remove}::jsonb))))
      group by t) as kept), '{}'::text[])`;
}

function assignments(set: QuestionBulkSet): Record<string, SQL> {
  const values = levelAssignments(set, LEVEL_COLUMNS);
  if (set.difficulty) values.difficulty = sql`${set.difficulty}::text`;
  if (set.marks !== undefined) values.marks = sql`${set.marks}::numeric`;
  if (set.negativeMarks !== undefined) values.negative_marks = sql`${set.negativeMarks}::numeric`;
  if (set.language) values.language = sql`${set.language}::text`;
  if (set.status) values.status = sql`${set.status}::text`;
  if (set.addTags?.length || set.removeTags?.length) values.tags = tagsAfter(set);
  return values;
}

/** What the single edit's questionProblems says of a draft question leaving draft with the set. */
function leavingDraftProblems(q: QuestionFields, set: QuestionBulkSet): string[] {
  const after: QuestionFields = {
    ...q,
    marks: set.marks ?? q.marks,
    negativeMarks: set.negativeMarks ?? q.negativeMarks,
    status: set.status ?? q.status,
  };
  return questionProblems(after)
    .filter((p) => p.path[0] !== 'negativeMarks' && p.path[0] !== 'chapterId')
    .map((p) => p.message);
}

export const questionBulkEdit: BulkEditKindDef<QuestionBulkSet, QuestionFilters> = {
  kind: 'questions',
  noun: { one: 'question', many: 'questions' },
  table: questions,
  id: questions.id,
  version: sql`${questions.revision}::text`,
  columns: [
    questions.gradeId,
    questions.subjectId,
    questions.chapterId,
    questions.topicId,
    questions.tags,
    questions.difficulty,
    questions.marks,
    questions.negativeMarks,
    questions.language,
    questions.status,
  ],
  where: (filter) => questionWhere(filter),
  async prepare(db, set, filter) {
    if (filter) assertDateRange(filter as Pick<QuestionListQuery, 'createdFrom' | 'createdTo'>);
    return withLevelsAbove(db, set, checkCurriculum);
  },
  assignments,
  async refusals(tx, set, rows) {
    const values = assignments(set);
    const refused: { id: number; message: string }[] = [];
    if (values.marks || values.negative_marks) {
      const res = await tx.execute<{ id: number }>(sql`
        select ${questions.id} as id from ${questions} where ${rows}
        and ${values.negative_marks ?? questions.negativeMarks} > ${values.marks ?? questions.marks}`);
      for (const r of res.rows)
        refused.push({ id: Number(r.id), message: 'Negative marks cannot be more than the marks' });
    }
    if (values.tags) {
      const res = await tx.execute<{ id: number }>(sql`
        select ${questions.id} as id from ${questions} where ${rows} and cardinality(${values.tags}) > 20`);
      for (const r of res.rows) refused.push({ id: Number(r.id), message: 'At most 20 tags' });
    }
    if (set.status && set.status !== 'draft') {
      const drafts = await tx
        .select(fieldColumns)
        .from(questions)
        .where(sql`${rows} and ${questions.status} = 'draft'`);
      for (const q of drafts)
        for (const message of leavingDraftProblems(fieldsOf(q), set))
          refused.push({
            id: q.id,
            message: `Only a complete question can leave draft: ${message}`,
          });
    }
    return refused;
  },
  stamp: (by, now) => ({
    revision: sql`${questions.revision} + 1`,
    updated_at: sql`${now.toISOString()}::timestamptz`,
    updated_by: sql`${by}::bigint`,
  }),
  async written(tx, ids, by, how) {
    const fields = sql`jsonb_build_object(
      'type', type, 'stem', stem, 'options', options, 'blanks', blanks, 'numeric', numeric,
      'matching', matching, 'ordering', ordering, 'cloze', cloze,
      'modelAnswer', model_answer, 'explanation', explanation, 'difficulty', difficulty,
      'marks', marks, 'negativeMarks', negative_marks, 'gradeId', grade_id, 'subjectId', subject_id,
      'chapterId', chapter_id, 'topicId', topic_id, 'tags', tags, 'language', language, 'status', status)`;
    await tx.execute(sql`
      insert into question_revisions (question_id, revision, action, fields, created_by)
      select id, revision, ${how === 'edit' ? 'bulk_edit' : 'bulk_undo'}, ${fields}, ${by}::bigint
      from questions where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
  },
  undoBlockers: levelUndoBlockers(LEVEL_COLUMNS),
  audit: { entity: 'question', edited: 'question_bulk_edited', undone: 'question_bulk_undone' },
  describe(set) {
    const named = Object.keys(set).filter((k) => set[k as keyof QuestionBulkSet] !== undefined);
    if (named.every((k) => (LEVELS as readonly string[]).includes(k))) return 're-filed';
    if (named.every((k) => k === 'addTags' || k === 'removeTags')) return 're-tagged';
    if (named.length === 1 && set.status) return `set to ${set.status}`;
    return 'edited';
  },
};
