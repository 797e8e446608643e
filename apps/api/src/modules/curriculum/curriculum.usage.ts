import { and, count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { books, chapters, mediaItems, tocNodes, topics } from '../../db/schema/index.ts';
import { type Usage, usageMessage } from '../../lib/usage.ts';
import type { LevelKey } from './curriculum.levels.ts';

function rowsWhere(
  table: PgTable,
  column: AnyPgColumn,
  singular: string,
  plural: string,
  also?: SQL,
): Usage {
  return {
    singular,
    plural,
    async count(db, id) {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(column, id), also));
      return row?.n ?? 0;
    },
  };
}

/** Videos and audios tagged with a level (one table, told apart by kind). */
const media = (column: AnyPgColumn): Usage[] => [
  rowsWhere(mediaItems, column, 'video', 'videos', eq(mediaItems.kind, 'video')),
  rowsWhere(mediaItems, column, 'audio', 'audios', eq(mediaItems.kind, 'audio')),
];

export const USAGES: Record<LevelKey, Usage[]> = {
  subject: [
    rowsWhere(chapters, chapters.subjectId, 'chapter', 'chapters'),
    rowsWhere(books, books.subjectId, 'book', 'books'),
    ...media(mediaItems.subjectId),
  ],
  chapter: [
    rowsWhere(topics, topics.chapterId, 'topic', 'topics'),
    ...media(mediaItems.chapterId),
    rowsWhere(tocNodes, tocNodes.chapterId, 'TOC node', 'TOC nodes'),
  ],
  topic: [
    ...media(mediaItems.topicId),
    rowsWhere(tocNodes, tocNodes.topicId, 'TOC node', 'TOC nodes'),
  ],
};

/**
 * "3 chapters use this subject", or null when nothing uses it. The one place
 * a later feature (questions, …) adds its usage query: one entry in the list
 * of the level it points at.
 */
export const curriculumUsageMessage = (db: Db | Tx, level: LevelKey, id: number) =>
  usageMessage(db, USAGES[level], id, level);
