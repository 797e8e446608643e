import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { actorColumns, id, timestamps } from './columns.ts';
import { chapters, topics } from './curriculum.ts';
import { mediaItems } from './media.ts';

/**
 * A book's table of contents: a tree of nodes (parent null at the top),
 * ordered by position among siblings. Deleting a book or a node takes its
 * subtree and content with it; a curriculum link is RESTRICT so a master
 * chapter/topic a TOC points at cannot vanish under it.
 */
export const tocNodes = pgTable(
  'toc_nodes',
  {
    id: id(),
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => tocNodes.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull().$type<'unit' | 'chapter' | 'topic' | 'section'>(),
    title: text('title').notNull(),
    chapterId: bigint('chapter_id', { mode: 'number' }).references(() => chapters.id, {
      onDelete: 'restrict',
    }),
    topicId: bigint('topic_id', { mode: 'number' }).references(() => topics.id, {
      onDelete: 'restrict',
    }),
    position: integer('position').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    status: text('status').notNull().$type<'active' | 'inactive'>().default('active'),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('toc_nodes_book_parent_position_idx').on(t.bookId, t.parentId, t.position),
    index('toc_nodes_parent_idx').on(t.parentId),
    index('toc_nodes_chapter_idx').on(t.chapterId),
    index('toc_nodes_topic_idx').on(t.topicId),
    // Books with a free sample (free content), without reading every node.
    index('toc_nodes_free_book_idx').on(t.bookId).where(sql`${t.isFree}`),
  ],
);

/**
 * What a node holds: an uploaded PDF (file columns), a video/audio of the
 * media library (RESTRICT: the library refuses to delete it, naming the
 * node), or a link. A media item is mapped to a node at most once.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    nodeId: bigint('node_id', { mode: 'number' })
      .notNull()
      .references(() => tocNodes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'pdf' | 'video' | 'audio' | 'link'>(),
    title: text('title').notNull(),
    fileKey: text('file_key'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    fileName: text('file_name'),
    pages: integer('pages'),
    mediaItemId: bigint('media_item_id', { mode: 'number' }).references(() => mediaItems.id, {
      onDelete: 'restrict',
    }),
    url: text('url'),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('content_items_node_position_idx').on(t.nodeId, t.position),
    uniqueIndex('content_items_node_media_key').on(t.nodeId, t.mediaItemId),
    index('content_items_media_idx').on(t.mediaItemId),
    uniqueIndex('content_items_file_key').on(t.fileKey),
  ],
);
