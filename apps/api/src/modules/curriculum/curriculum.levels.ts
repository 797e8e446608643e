import type { Chapter, Subject, Topic } from '@bo/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';

/**
 * The three editable levels of the curriculum share one set of rules (add at
 * the end, unique name within the parent, rename, delete unless used,
 * reorder); this table is what differs between them.
 */
export type LevelKey = 'subject' | 'chapter' | 'topic';

type SubjectRow = typeof subjects.$inferSelect;
type ChapterRow = typeof chapters.$inferSelect;
type TopicRow = typeof topics.$inferSelect;
export type MasterRow = SubjectRow | ChapterRow | TopicRow;
export type MasterItem = Subject | Chapter | Topic;

/** A download's columns around the item's name (after the parent and position). */
const col = (header: string, key: string) => ({ header, key, width: 10 });

/**
 * Rows of `child` whose `fk` points at the outer row of `parent`. Written
 * with explicit qualifiers: Drizzle drops them in single-table selects, and
 * an unqualified `id` would resolve to the inner table.
 */
const countOf = (child: string, fk: string, parent: string) =>
  sql<number>`(select count(*)::int from ${sql.identifier(child)} c where c.${sql.identifier(fk)} = ${sql.identifier(parent)}.id)`;

export const LEVELS = {
  subject: {
    key: 'subject',
    parentKey: 'gradeId',
    plural: 'subjects',
    table: subjects,
    parentColumn: subjects.gradeId,
    parentTable: grades,
    parentName: 'grade',
    children: countOf('chapters', 'subject_id', 'subjects'),
    sheet: {
      title: 'Subjects',
      parentWidth: 14,
      before: [],
      after: [col('Chapters', 'chapterCount')],
    },
    toItem: (r: MasterRow, n: number): Subject => {
      const row = r as SubjectRow;
      return {
        id: row.id,
        gradeId: row.gradeId,
        name: row.name,
        position: row.position,
        chapterCount: n,
      };
    },
  },
  chapter: {
    key: 'chapter',
    parentKey: 'subjectId',
    plural: 'chapters',
    table: chapters,
    parentColumn: chapters.subjectId,
    parentTable: subjects,
    parentName: 'subject',
    children: countOf('topics', 'chapter_id', 'chapters'),
    sheet: {
      title: 'Chapters',
      parentWidth: 30,
      before: [col('Number', 'number')],
      after: [col('Topics', 'topicCount')],
    },
    toItem: (r: MasterRow, n: number): Chapter => {
      const row = r as ChapterRow;
      return {
        id: row.id,
        subjectId: row.subjectId,
        number: row.number,
        name: row.name,
        position: row.position,
        topicCount: n,
      };
    },
  },
  topic: {
    key: 'topic',
    parentKey: 'chapterId',
    plural: 'topics',
    table: topics,
    parentColumn: topics.chapterId,
    parentTable: chapters,
    parentName: 'chapter',
    children: sql<number>`0`,
    sheet: { title: 'Topics', parentWidth: 30, before: [], after: [] },
    toItem: (r: MasterRow): Topic => {
      const row = r as TopicRow;
      return { id: row.id, chapterId: row.chapterId, name: row.name, position: row.position };
    },
  },
} as const;

export type Level = (typeof LEVELS)[LevelKey];
/** The columns every level has; the union of the three tables narrowed to them. */
export const tableOf = (level: Level) => level.table as typeof topics;

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The item a level answers, as the contract shapes it (a subject's is a `Subject`). */
export type ItemOf<L extends Level> = ReturnType<L['toItem']>;

/** Items of one parent (or the one item `id`), in position order, with child counts. */
export async function listLevel<L extends Level>(
  db: Db | Tx,
  level: L,
  where: { parentId: number } | { id: number },
): Promise<ItemOf<L>[]> {
  const t = tableOf(level);
  const rows = await db
    .select({ row: t, n: level.children })
    .from(t)
    .where('id' in where ? eq(t.id, where.id) : eq(level.parentColumn, where.parentId))
    .orderBy(asc(t.position), asc(t.id));
  // A generic level's toItem reads as the union of the three; each answers its own item.
  return rows.map(({ row, n }) => level.toItem(row as MasterRow, Number(n)) as ItemOf<L>);
}

export async function listGrades(db: Db) {
  const n = countOf('subjects', 'grade_id', 'grades');
  const rows = await db
    .select({ id: grades.id, name: grades.name, position: grades.position, subjectCount: n })
    .from(grades)
    .orderBy(asc(grades.position), asc(grades.id));
  return { items: rows.map((r) => ({ ...r, subjectCount: Number(r.subjectCount) })) };
}
