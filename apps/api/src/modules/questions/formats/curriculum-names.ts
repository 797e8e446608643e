import type { ImportError } from '@bo/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import { chapters, grades, subjects, topics } from '../../../db/schema/index.ts';
import type { CurriculumNames } from './cells.ts';

/**
 * Grade, subject, chapter and topic by name (any case), each within the
 * level above, as the books import resolves grade and subject: one
 * statement per level for a whole file, whatever its size. Each name that
 * does not resolve is a problem of its cell.
 */
export interface CurriculumIds {
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
}

interface Level {
  names: keyof CurriculumNames;
  field: keyof CurriculumIds;
  /** The file's column header. */
  column: string;
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  /** The id of the level above; none for the top level. */
  parent: AnyPgColumn | null;
}

/** The levels, top down: each one's names resolve within the level above it. */
const LEVELS: Level[] = [
  {
    names: 'grade',
    field: 'gradeId',
    column: 'Grade',
    table: grades,
    id: grades.id,
    name: grades.name,
    parent: null,
  },
  {
    names: 'subject',
    field: 'subjectId',
    column: 'Subject',
    table: subjects,
    id: subjects.id,
    name: subjects.name,
    parent: subjects.gradeId,
  },
  {
    names: 'chapter',
    field: 'chapterId',
    column: 'Chapter',
    table: chapters,
    id: chapters.id,
    name: chapters.name,
    parent: chapters.subjectId,
  },
  {
    names: 'topic',
    field: 'topicId',
    column: 'Topic',
    table: topics,
    id: topics.id,
    name: topics.name,
    parent: topics.chapterId,
  },
];

const TOP = 0; // the parent key of the top level's rows
const key = (parent: number, name: string) => `${parent}:${name.trim().toLowerCase()}`;

/** Every row of `level` named (any case) as one of the file's names, by parent and name. */
async function lookup(db: Db | Tx, level: Level, all: CurriculumNames[]) {
  const names = [
    ...new Set(
      all
        .map((n) => n[level.names])
        .filter((v): v is string => !!v)
        .map((v) => v.trim().toLowerCase()),
    ),
  ];
  const rows = (await db
    .select({
      id: level.id,
      name: level.name,
      parent: level.parent ?? sql<number>`${sql.raw(String(TOP))}`,
    })
    .from(level.table)
    .where(inArray(sql`lower(${level.name})`, names.length ? names : ['']))) as {
    id: number;
    name: string;
    parent: number;
  }[];
  return new Map(rows.map((r) => [key(Number(r.parent), r.name), r.id]));
}

export async function curriculumResolver(db: Db | Tx, all: CurriculumNames[]) {
  const found: Map<string, number>[] = [];
  for (const level of LEVELS) found.push(await lookup(db, level, all));

  /** The ids of one row's names, or its problems (by column header). */
  return (row: number, n: CurriculumNames, errors: ImportError[]): CurriculumIds => {
    const ids: CurriculumIds = { gradeId: null, subjectId: null, chapterId: null, topicId: null };
    const problem = (column: string, message: string) => errors.push({ row, column, message });
    for (const [i, level] of LEVELS.entries()) {
      const name = n[level.names];
      if (!name) continue;
      const above = LEVELS[i - 1];
      const aboveName = above && n[above.names];
      const parent = above ? ids[above.field] : TOP;
      if (parent === null) {
        // A named parent that did not resolve is its own problem, not this one's.
        if (!aboveName)
          problem(level.column, `Give the ${above!.names} of the ${level.names} "${name}"`);
        continue;
      }
      const id = found[i]!.get(key(parent, name));
      if (id !== undefined) ids[level.field] = id;
      else if (!above) problem(level.column, `No ${level.names} is named "${name}"`);
      else problem(level.column, `No ${level.names} "${name}" in ${above.names} "${aboveName}"`);
    }
    return ids;
  };
}
