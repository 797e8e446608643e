import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../errors.ts';
import type { UndoBlocker } from './kind.ts';

/**
 * The curriculum levels of a bulk edit (questions and media share them):
 * a level set brings the levels above it, and the levels below are kept
 * where the level set does not change for the row, else cleared (a chapter
 * of the old subject does not belong to the new one).
 */

export const LEVELS = ['gradeId', 'subjectId', 'chapterId', 'topicId'] as const;
type Level = (typeof LEVELS)[number];
export type CurriculumSet = Partial<Record<Level, number | null>>;
export type LevelColumns = Record<Level, AnyPgColumn>;
type Place = Record<Level, number | null>;

/** The deepest curriculum level the set names, or -1. */
export const deepestLevel = (set: CurriculumSet) =>
  LEVELS.reduce((deepest, level, i) => (set[level] !== undefined ? i : deepest), -1);

/**
 * Checks the place the set names (by the single edit's rule, `check`) and
 * answers the set with the levels above the deepest one filled in; a 400
 * naming `body.set.<level>` when the place does not exist.
 */
export async function withLevelsAbove<S extends CurriculumSet>(
  db: Db | Tx,
  set: S,
  check: (db: Db | Tx, places: Place[]) => Promise<{ path: PropertyKey[]; message: string }[]>,
): Promise<S> {
  const deepest = deepestLevel(set);
  if (deepest < 0 || set[LEVELS[deepest]!] === null) return set;
  const place: Place = {
    gradeId: set.gradeId ?? null,
    subjectId: set.subjectId ?? null,
    chapterId: set.chapterId ?? null,
    topicId: set.topicId ?? null,
  };
  const problems = await check(db, [place]);
  if (problems.length) {
    const details = problems.map((p) => ({
      path: `body.set.${String(p.path[0])}`,
      message: p.message,
    }));
    throw badRequest(details[0]!.message, details);
  }
  return { ...set, ...Object.fromEntries(LEVELS.slice(0, deepest).map((l) => [l, place[l]])) };
}

/** What the set does to each level's column, by column name. */
export function levelAssignments(set: CurriculumSet, columns: LevelColumns): Record<string, SQL> {
  const values: Record<string, SQL> = {};
  const deepest = deepestLevel(set);
  LEVELS.forEach((level, i) => {
    const column = columns[level];
    if (set[level] !== undefined) values[column.name] = sql`${set[level]}::bigint`;
    else if (i > deepest && deepest >= 0) {
      const at = columns[LEVELS[deepest]!];
      values[column.name] =
        sql`case when ${at} is not distinct from ${set[LEVELS[deepest]!]}::bigint then ${column} end`;
    }
  });
  return values;
}

const LEVEL_TABLE: Record<Level, { table: string; noun: string }> = {
  gradeId: { table: 'grades', noun: 'grade' },
  subjectId: { table: 'subjects', noun: 'subject' },
  chapterId: { table: 'chapters', noun: 'chapter' },
  topicId: { table: 'topics', noun: 'topic' },
};

/**
 * Undo cannot put back a level deleted since (the row's old chapter is gone):
 * such a row is left as it is and named, instead of failing the whole undo.
 */
export function levelUndoBlockers(columns: Partial<LevelColumns>): UndoBlocker[] {
  return LEVELS.filter((level) => columns[level]).map((level) => {
    const kept = sql`(r.before->>${columns[level]!.name})::bigint`;
    const { table, noun } = LEVEL_TABLE[level];
    return {
      when: sql`${kept} is not null and not exists (select 1 from ${sql.identifier(table)} c where c.id = ${kept})`,
      message: `Its ${noun} before the edit was deleted since: left as it is`,
    };
  });
}
