import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { actorColumns, id, timestamps, tstz } from './columns.ts';
import { mediaItems } from './media.ts';
import { tocNodes } from './toc.ts';

/** What was generated together: a book's codes (nodes or spare) or one video's code. */
export const qrBatches = pgTable('qr_batches', {
  id: id(),
  bookId: bigint('book_id', { mode: 'number' }).references(() => books.id, {
    onDelete: 'cascade',
  }),
  kind: text('kind').notNull().$type<'nodes' | 'spare' | 'video'>(),
  count: integer('count').notNull(),
  ...timestamps(),
  ...actorColumns(),
});

/**
 * A printed code. The code never changes; its target does (audited). A
 * write that deletes a code's node or video first points the code where the
 * request says (lib/printed-codes.ts: parent, book, another node or video, or
 * explicitly nowhere); SET NULL on the node and RESTRICT on the video are the
 * database's backstop, the paper being still in the book.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: id(),
    code: text('code').notNull(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => qrBatches.id, { onDelete: 'cascade' }),
    /** The book the code is printed in; null for a video's code. */
    bookId: bigint('book_id', { mode: 'number' }).references(() => books.id, {
      onDelete: 'cascade',
    }),
    /** Null: a spare code, assigned later. */
    targetKind: text('target_kind').$type<'book' | 'toc_node' | 'video'>(),
    tocNodeId: bigint('toc_node_id', { mode: 'number' }).references(() => tocNodes.id, {
      onDelete: 'set null',
    }),
    videoId: bigint('video_id', { mode: 'number' }).references(() => mediaItems.id, {
      onDelete: 'restrict',
    }),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('qr_codes_code_key').on(t.code),
    index('qr_codes_book_idx').on(t.bookId, t.id),
    index('qr_codes_toc_node_idx').on(t.tocNodeId),
    index('qr_codes_video_idx').on(t.videoId),
    index('qr_codes_video_codes_idx').on(t.id).where(sql`${t.bookId} is null`),
  ],
);

/**
 * One scan of a code through GET /q/:code. No IP is stored: only an HMAC of
 * it under a salt that changes every day (counts distinct visitors per day,
 * cannot be reversed or linked across days).
 */
export const qrScans = pgTable(
  'qr_scans',
  {
    id: id(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    scannedAt: tstz('scanned_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipHash: text('ip_hash').notNull(),
  },
  (t) => [
    index('qr_scans_code_idx').on(t.codeId, t.scannedAt),
    // The QR report's rows and its refresh of a day read scans by time.
    index('qr_scans_scanned_idx').on(t.scannedAt, t.id),
  ],
);
