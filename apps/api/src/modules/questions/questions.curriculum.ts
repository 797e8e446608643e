import type { QuestionFields, QuestionProblem } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';

/**
 * A question's place in the curriculum: every id must exist and each level
 * must belong to the one above it when both are given. A missing level above
 * a given one is filled in (a chapter alone brings its subject and grade),
 * so filtering by grade finds it. One query per level for a whole batch, so
 * a 50,000-row import checks its curriculum in four statements.
 */

/** A question's place in the curriculum: what the check reads (and fills in). */
export type CurriculumPlace = Pick<
  QuestionFields,
  'gradeId' | 'subjectId' | 'chapterId' | 'topicId'
>;

export interface IndexedProblem extends QuestionProblem {
  /** Which question of the batch. */
  index: number;
}

const ids = (list: CurriculumPlace[], pick: (q: CurriculumPlace) => number | null) => [
  ...new Set(list.map(pick).filter((v): v is number => v !== null)),
];

async function parentsOf(
  db: Db | Tx,
  table: typeof subjects | typeof chapters | typeof topics | typeof grades,
  wanted: number[],
): Promise<Map<number, number | null>> {
  if (!wanted.length) return new Map();
  const parent =
    table === subjects
      ? subjects.gradeId
      : table === chapters
        ? chapters.subjectId
        : table === topics
          ? topics.chapterId
          : null;
  const rows = (await db
    .select(parent ? { id: table.id, parent } : { id: table.id })
    .from(table)
    .where(inArray(table.id, wanted))) as { id: number; parent?: number }[];
  return new Map(rows.map((r) => [r.id, r.parent ?? null]));
}

const LEVELS = [
  { field: 'topicId', noun: 'topic', table: topics, up: 'chapterId', upNoun: 'chapter' },
  { field: 'chapterId', noun: 'chapter', table: chapters, up: 'subjectId', upNoun: 'subject' },
  { field: 'subjectId', noun: 'subject', table: subjects, up: 'gradeId', upNoun: 'grade' },
  { field: 'gradeId', noun: 'grade', table: grades, up: null, upNoun: '' },
] as const;

/**
 * Checks (and completes upward) the curriculum of each question; answers the
 * problems with the index of their question. `list` is changed in place.
 * Levels go from the topic up, so a level filled in from the one below is
 * itself checked against the level above it.
 */
export async function checkCurriculum(
  db: Db | Tx,
  list: CurriculumPlace[],
): Promise<IndexedProblem[]> {
  const problems: IndexedProblem[] = [];
  const bad = new Set<number>();
  for (const level of LEVELS) {
    const rows = await parentsOf(
      db,
      level.table,
      ids(list, (q) => q[level.field]),
    );
    list.forEach((q, index) => {
      const id = q[level.field];
      if (id === null || bad.has(index)) return;
      const add = (message: string) => {
        bad.add(index);
        problems.push({ index, path: [level.field], message });
      };
      if (!rows.has(id)) add(`No such ${level.noun} (id ${id})`);
      else if (level.up) {
        const parent = rows.get(id)!;
        if (q[level.up] === null) q[level.up] = parent;
        else if (q[level.up] !== parent)
          add(`The ${level.noun} does not belong to the chosen ${level.upNoun}`);
      }
    });
  }
  return problems;
}
