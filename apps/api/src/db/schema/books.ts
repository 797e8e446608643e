import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorColumns, id, timestamps } from './columns.ts';
import { grades, subjects } from './curriculum.ts';

/**
 * Books by normalized ISBN-13. An ISBN is unique across `books.isbn` and
 * `book_isbns.isbn` together: each unique index covers its own table and the
 * service checks the other one inside the same transaction.
 */
export const books = pgTable(
  'books',
  {
    id: id(),
    isbn: text('isbn').notNull(),
    title: text('title').notNull(),
    gradeId: bigint('grade_id', { mode: 'number' }).references(() => grades.id, {
      onDelete: 'restrict',
    }),
    subjectId: bigint('subject_id', { mode: 'number' }).references(() => subjects.id, {
      onDelete: 'restrict',
    }),
    series: text('series'),
    edition: text('edition'),
    language: text('language').notNull(),
    coverFileKey: text('cover_file_key'),
    status: text('status').notNull().$type<'draft' | 'active' | 'inactive'>(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('books_isbn_key').on(t.isbn),
    // The list: each filter combination walks one index already in title order.
    index('books_title_idx').on(t.title, t.id),
    index('books_status_title_idx').on(t.status, t.title, t.id),
    index('books_grade_status_title_idx').on(t.gradeId, t.status, t.title, t.id),
    index('books_subject_status_title_idx').on(t.subjectId, t.status, t.title, t.id),
    index('books_updated_idx').on(t.updatedAt),
    // `q` as free text is `title ILIKE '%q%'` (lib/list.ts textSearch): a
    // trigram GIN on the bare column serves ILIKE as it is (migration 0006
    // creates the pg_trgm extension; PGlite loads it in db/client.ts).
    index('books_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const bookIsbns = pgTable(
  'book_isbns',
  {
    id: id(),
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    isbn: text('isbn').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [uniqueIndex('book_isbns_isbn_key').on(t.isbn), index('book_isbns_book_idx').on(t.bookId)],
);
