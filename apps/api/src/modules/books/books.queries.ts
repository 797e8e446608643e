import { type Book, type bookListQuery, isbn10CheckDigit, isbn10To13 } from '@bo/contract';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { admins, bookIsbns, books, grades, subjects } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import {
  keysetBatch,
  listTableByKeys,
  loweredSearch,
  type SortKey,
  sortKeyset,
  sortOrder,
} from '../../lib/list.ts';
import { signFileUrl } from '../../lib/storage/signed-url.ts';

type Signer = Pick<Deps, 'config' | 'clock'>;

/** A book row with its grade and subject names and its extra ISBNs, as one select. */
const bookFields = {
  id: books.id,
  isbn: books.isbn,
  title: books.title,
  gradeId: books.gradeId,
  gradeName: grades.name,
  subjectId: books.subjectId,
  subjectName: subjects.name,
  series: books.series,
  edition: books.edition,
  language: books.language,
  status: books.status,
  coverFileKey: books.coverFileKey,
  createdAt: books.createdAt,
  updatedAt: books.updatedAt,
  extraIsbns: sql<
    string[]
  >`coalesce((select array_agg(${bookIsbns.isbn} order by ${bookIsbns.isbn}) from ${bookIsbns} where ${bookIsbns.bookId} = ${books.id}), '{}'::text[])`,
};

type BookRow = Awaited<ReturnType<typeof selectBooks>>[number];

/**
 * A book as the services see it: the cover as its storage key. Answers turn
 * the key into a signed link (`presentBook`), which needs the app's secret.
 */
export type BookRecord = Omit<Book, 'coverUrl'> & { coverFileKey: string | null };

export function toBook(row: BookRow): BookRecord {
  return {
    ...row,
    extraIsbns: row.extraIsbns ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Cover links last an hour or so; the expiry is rounded so one URL (and the browser's cached image) holds for 10 minutes. */
const COVER_LINK_TTL_MS = 60 * 60 * 1000;
const COVER_LINK_STEP_MS = 10 * 60 * 1000;

export function coverLink(deps: Signer, id: number, key: string) {
  const now = deps.clock().getTime();
  const ttl =
    COVER_LINK_TTL_MS + COVER_LINK_STEP_MS - ((now + COVER_LINK_TTL_MS) % COVER_LINK_STEP_MS);
  return `/api/book/coverfile?id=${id}&${signFileUrl(deps, key, ttl)}`;
}

export function presentBook(deps: Signer, record: BookRecord): Book {
  const { coverFileKey, ...book } = record;
  return { ...book, coverUrl: coverFileKey ? coverLink(deps, book.id, coverFileKey) : null };
}

const selectBooks = (db: Db | Tx) =>
  db
    .select(bookFields)
    .from(books)
    .leftJoin(grades, eq(grades.id, books.gradeId))
    .leftJoin(subjects, eq(subjects.id, books.subjectId));

const SORT = {
  title: books.title,
  isbn: books.isbn,
  createdAt: books.createdAt,
  updatedAt: books.updatedAt,
} as const;

/**
 * ISBNs are 13 digits, so "starts with P" is the range P000… to P999…: a
 * plain btree range on the unique index, whatever the collation.
 */
function isbnPrefix(column: typeof books.isbn | typeof bookIsbns.isbn, prefix: string) {
  return and(gte(column, prefix.padEnd(13, '0')), lte(column, prefix.padEnd(13, '9')));
}

/**
 * `q` written as an ISBN (digits, hyphens, spaces, a final X) matches the
 * start of a main or extra ISBN, an ISBN-10 converted; any other `q` matches
 * part of the title. Keeping the two apart lets each use its index.
 */
export function bookSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/[\s-]/g, '').toUpperCase();
  let prefix: string | null = null;
  if (/^\d{9}[\dX]$/.test(digits) && isbn10CheckDigit(digits) === digits[9]) {
    prefix = isbn10To13(digits);
  } else if (/^\d{1,13}$/.test(digits)) {
    prefix = digits;
  }
  if (!prefix) return loweredSearch(q, books.titleSearch);
  const holders = sql`(select ${books.id} from ${books} where ${isbnPrefix(books.isbn, prefix)}
    union select ${bookIsbns.bookId} from ${bookIsbns} where ${isbnPrefix(bookIsbns.isbn, prefix)})`;
  return sql`${books.id} in ${holders}`;
}

export type BookFilter = Pick<
  z.infer<typeof bookListQuery>,
  'q' | 'gradeId' | 'subjectId' | 'status'
>;

export const bookWhere = (q: BookFilter) =>
  and(
    bookSearch(q.q),
    q.gradeId ? eq(books.gradeId, q.gradeId) : undefined,
    q.subjectId ? eq(books.subjectId, q.subjectId) : undefined,
    q.status ? eq(books.status, q.status) : undefined,
  );

export const bookSort = (q: Pick<z.infer<typeof bookListQuery>, 'sort' | 'order'>) =>
  sortOrder({ ...q, page: 1, pageSize: 1 }, SORT, 'title', books.id);

export function listBooks(db: Db, q: z.infer<typeof bookListQuery>) {
  return listTableByKeys(db, q, {
    table: books,
    key: books.id,
    where: bookWhere(q),
    rows: selectBooks(db).$dynamic(),
    orderBy: bookSort(q),
    map: toBook,
  });
}

/**
 * One page of the list's rows without counting, in the list's order after
 * `after` (the download walks these by key: lib/xlsx/export.ts, `keysetRows`).
 */
export function bookBatch(
  db: Db,
  q: BookFilter & Pick<z.infer<typeof bookListQuery>, 'sort' | 'order'>,
  after: SortKey | null,
  limit: number,
) {
  const order = sortKeyset(q, SORT, 'title', books.id);
  // bookFields and where the row stands (selectBooks' joins, with the key beside).
  const rows = db
    .select({ ...bookFields, sortKey: order.key })
    .from(books)
    .leftJoin(grades, eq(grades.id, books.gradeId))
    .leftJoin(subjects, eq(subjects.id, books.subjectId))
    .$dynamic();
  return keysetBatch(order, rows, bookWhere(q), { after, limit }, toBook);
}

export async function findBook(db: Db | Tx, id: number): Promise<BookRecord | undefined> {
  const [row] = await selectBooks(db).where(eq(books.id, id));
  return row ? toBook(row) : undefined;
}

/**
 * The books an import names, by ID or by main ISBN, with who changed each
 * last (an import row that comes back after a change is refused with it).
 * Locked when given a transaction's `forUpdate`.
 */
export async function booksNamed(db: Db | Tx, ids: number[], isbns: string[], forUpdate = false) {
  if (ids.length === 0 && isbns.length === 0) return [];
  // One JSON parameter each rather than one per value: a catalogue names ~10k.
  const idList = sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`;
  const isbnList = sql`(select json_array_elements_text(${JSON.stringify(isbns)}::json))`;
  const query = db
    .select({ ...bookFields, updatedByName: admins.name })
    .from(books)
    .leftJoin(grades, eq(grades.id, books.gradeId))
    .leftJoin(subjects, eq(subjects.id, books.subjectId))
    .leftJoin(admins, eq(admins.id, books.updatedBy))
    .where(or(inArray(books.id, idList), inArray(books.isbn, isbnList)));
  const rows = forUpdate ? await query.for('update', { of: books }) : await query;
  return rows.map((r) => ({ ...r, extraIsbns: r.extraIsbns ?? [] }));
}
export type NamedBook = Awaited<ReturnType<typeof booksNamed>>[number];

export const lockBookRow = async (tx: Tx, id: number) =>
  (await tx.select().from(books).where(eq(books.id, id)).for('update'))[0];

/**
 * The book holding one ISBN (main or extra; already normalized), in one
 * indexed lookup: what TOC reads need to find their book on every request.
 */
export async function bookOfIsbn(db: Db | Tx, isbn: string) {
  const holder = sql`(select ${books.id} from ${books} where ${books.isbn} = ${isbn}
    union all select ${bookIsbns.bookId} from ${bookIsbns} where ${bookIsbns.isbn} = ${isbn}
    limit 1)`;
  const [book] = await db
    .select({ id: books.id, isbn: books.isbn, title: books.title, subjectId: books.subjectId })
    .from(books)
    .where(eq(books.id, holder));
  return book;
}

/** Who holds each ISBN, as main or extra ISBN. */
export async function isbnOwners(db: Db | Tx, isbns: string[]) {
  if (isbns.length === 0) return [];
  // One JSON parameter rather than one per ISBN: an import asks about ~11k.
  const wanted = sql`(select json_array_elements_text(${JSON.stringify(isbns)}::json))`;
  const main = await db
    .select({ isbn: books.isbn, bookId: books.id, title: books.title })
    .from(books)
    .where(inArray(books.isbn, wanted));
  const extra = await db
    .select({ isbn: bookIsbns.isbn, bookId: books.id, title: books.title })
    .from(bookIsbns)
    .innerJoin(books, eq(books.id, bookIsbns.bookId))
    .where(inArray(bookIsbns.isbn, wanted));
  return [
    ...main.map((r) => ({ ...r, kind: 'main' as const })),
    ...extra.map((r) => ({ ...r, kind: 'extra' as const })),
  ];
}

/**
 * Serialises writes that claim an ISBN: the two unique indexes each cover
 * one table, so without this a main ISBN and another book's extra ISBN could
 * be claimed at once. Locks in sorted order so two claimers cannot deadlock.
 */
export async function lockIsbns(tx: Tx, isbns: string[]) {
  const sorted = [...new Set(isbns)].sort();
  if (sorted.length === 0) return;
  // One statement for the lot (a 10k-row import holds ~11k locks): the
  // elements are taken in the array's order, which is sorted.
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${ISBN_LOCK_SPACE}, hashtext(e.isbn)))
    from (select isbn from json_array_elements_text(${JSON.stringify(sorted)}::json)
            with ordinality as a(isbn, n) order by n) e`);
}

const ISBN_LOCK_SPACE = 7_310_002;
