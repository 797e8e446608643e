import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { actorColumns, id, timestamps } from './columns.ts';
import { grades } from './curriculum.ts';
import { mediaItems } from './media.ts';

/**
 * Free and promotional content. A free book is a whole book free to every
 * learner (one row per book; the book's free sample lives on its TOC nodes,
 * `toc_nodes.is_free`). A promo video is a media-library video shown in the
 * learner app, in `position` order; the library refuses to delete a video a
 * promo uses (RESTRICT, and a 409 naming it before that).
 */
export const freeBooks = pgTable(
  'free_books',
  {
    id: id(),
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('free_books_book_key').on(t.bookId),
    index('free_books_created_idx').on(t.createdAt),
  ],
);

export const promoVideos = pgTable(
  'promo_videos',
  {
    id: id(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    status: text('status').notNull().$type<'active' | 'inactive'>(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('promo_videos_position_idx').on(t.position, t.id),
    index('promo_videos_video_idx').on(t.videoId),
  ],
);

/** The grades a promo video is for (none: every grade). */
export const promoVideoGrades = pgTable(
  'promo_video_grades',
  {
    promoVideoId: bigint('promo_video_id', { mode: 'number' })
      .notNull()
      .references(() => promoVideos.id, { onDelete: 'cascade' }),
    gradeId: bigint('grade_id', { mode: 'number' })
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.promoVideoId, t.gradeId] }),
    index('promo_video_grades_grade_idx').on(t.gradeId),
  ],
);
