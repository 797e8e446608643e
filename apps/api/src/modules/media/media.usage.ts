import type { MediaKind } from '@bo/contract';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { books, contentItems, tocNodes } from '../../db/schema/index.ts';
import { type Usage, usageMessage } from '../../lib/usage.ts';

/**
 * What uses a video or audio, asked before it is deleted: TOC content items
 * today; promo videos and video quizzes add one entry here each when they
 * land, and deletion answers 409 naming them. Printed QR codes are not a
 * usage: the delete asks where they point next (lib/printed-codes.ts).
 */
export interface MediaUsage extends Usage {
  /** Which kinds it can use (a promo video or a quiz uses videos only). */
  kinds: readonly MediaKind[];
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

/** "2 TOC entries use this video (…)", or null when nothing uses it. */
export const mediaUsageMessage = (db: Db | Tx, kind: MediaKind, id: number) =>
  usageMessage(
    db,
    MEDIA_USAGES.filter((u) => u.kinds.includes(kind)),
    id,
    kind,
  );
