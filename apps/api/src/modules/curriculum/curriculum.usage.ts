import { and, count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { books, chapters, mediaItems, tocNodes, topics } from '../../db/schema/index.ts';
import type { LevelKey } from './curriculum.levels.ts';

/**
 * What uses a master item, asked before it is deleted. The one place a later
 * feature (books, TOC nodes, questions, media) adds its usage query: one entry
 * in the list of the level it points at.
 */
export interface Usage {
  singular: string;
  plural: string;
  count(db: Db | Tx, id: number): Promise<number>;
}

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

/** "3 chapters use this subject", or null when nothing uses it. */
export async function usageMessage(
  db: Db | Tx,
  level: LevelKey,
  id: number,
): Promise<string | null> {
  const parts: string[] = [];
  let total = 0;
  for (const usage of USAGES[level]) {
    const n = await usage.count(db, id);
    if (n === 0) continue;
    total += n;
    parts.push(`${n} ${n === 1 ? usage.singular : usage.plural}`);
  }
  if (!parts.length) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} ${total === 1 ? 'uses' : 'use'} this ${level}`;
}
