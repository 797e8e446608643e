import { sql } from 'drizzle-orm';
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
    /**
     * lower(title), kept by the database: title search is a byte-wise
     * `title_search LIKE '%q%'`, ~4x cheaper per row than `title ILIKE`,
     * which lowercases every title it tests (bench/books, docs/decisions.md).
     */
    titleSearch: text('title_search').generatedAlwaysAs(sql`lower(title)`),
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
    // The list: each filter combination walks one index already in title
    // order. title_search rides at the end so that a title search is
    // filtered inside the index (index-only), never row by row in the table.
    index('books_title_idx').on(t.title, t.id, t.titleSearch),
    index('books_status_title_idx').on(t.status, t.title, t.id, t.titleSearch),
    index('books_grade_status_title_idx').on(t.gradeId, t.status, t.title, t.id, t.titleSearch),
    index('books_subject_status_title_idx').on(t.subjectId, t.status, t.title, t.id, t.titleSearch),
    index('books_updated_idx').on(t.updatedAt),
    // A title search alone: a trigram GIN answers `title_search LIKE '%q%'`
    // (migration 0006 creates the pg_trgm extension; PGlite loads it in
    // db/client.ts).
    index('books_title_trgm_idx').using('gin', t.titleSearch.op('gin_trgm_ops')),
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
