import type { MediaKind } from '@bo/contract';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { books, contentItems, tocNodes } from '../../db/schema/index.ts';

/**
 * What uses a video or audio, asked before it is deleted. Nothing maps media
 * yet; the TOC content items, QR codes (target `video`) and video quizzes add
 * one entry here each when they land, and deletion answers 409 naming them.
 */
export interface MediaUsage {
  singular: string;
  plural: string;
  /** Which kinds it can use (a QR code targets videos only). */
  kinds: readonly MediaKind[];
  count(db: Db | Tx, mediaId: number): Promise<number>;
  /** Where, for the message (a few, e.g. `"Maths 6" › Numbers`). */
  where?(db: Db | Tx, mediaId: number): Promise<string[]>;
}

/** TOC content items mapping the media item onto a book's node. */
const tocEntries: MediaUsage = {
  singular: 'TOC entry',
  plural: 'TOC entries',
  kinds: ['video', 'audio'],
  async count(db, id) {
    const [row] = await db
      .select({ n: count() })
      .from(contentItems)
      .where(eq(contentItems.mediaItemId, id));
    return row?.n ?? 0;
  },
  async where(db, id) {
    const rows = await db
      .select({ book: books.title, node: tocNodes.title })
      .from(contentItems)
      .innerJoin(tocNodes, eq(tocNodes.id, contentItems.nodeId))
      .innerJoin(books, eq(books.id, tocNodes.bookId))
      .where(eq(contentItems.mediaItemId, id))
      .orderBy(books.title, tocNodes.title)
      .limit(3);
    return rows.map((r) => `"${r.book}" › ${r.node}`);
  },
};

export const MEDIA_USAGES: MediaUsage[] = [tocEntries];

/** "2 TOC entries use this video", or null when nothing uses it. */
export async function mediaUsageMessage(
  db: Db | Tx,
  kind: MediaKind,
  id: number,
): Promise<string | null> {
  const parts: string[] = [];
  const places: string[] = [];
  let total = 0;
  for (const usage of MEDIA_USAGES) {
    if (!usage.kinds.includes(kind)) continue;
    const n = await usage.count(db, id);
    if (n === 0) continue;
    total += n;
    parts.push(`${n} ${n === 1 ? usage.singular : usage.plural}`);
    if (usage.where) places.push(...(await usage.where(db, id)));
  }
  if (!parts.length) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const where = places.length ? ` (${places.join('; ')})` : '';
  return `${list} ${total === 1 ? 'uses' : 'use'} this ${kind}${where}`;
}
