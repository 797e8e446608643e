import type { appendIsbnsBody, BookStatus, createBookBody, editBookBody } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { bookIsbns, books, grades, subjects } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { changeStatus } from '../../lib/bulk-status.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sentFields } from '../../lib/sent-fields.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { type BookRecord, findBook, isbnOwners, lockBookRow, lockIsbns } from './books.queries.ts';

/**
 * Rules of books: an ISBN (normalized ISBN-13) belongs to one book only,
 * as its main ISBN or as an extra one; a book's subject belongs to its
 * grade. Every write runs in one transaction with its audit row.
 */

const isbnTaken = (owner: { kind: 'main' | 'extra'; title: string }, isbn: string) =>
  owner.kind === 'main'
    ? `ISBN ${isbn} is already the ISBN of "${owner.title}"`
    : `ISBN ${isbn} is already an extra ISBN of "${owner.title}"`;

/** 409 when any of `isbns` is held by a book other than `exceptBookId`. */
async function assertIsbnsFree(
  tx: Tx,
  isbns: { isbn: string; path: string }[],
  exceptBookId: number | null,
) {
  const owners = (
    await isbnOwners(
      tx,
      isbns.map((i) => i.isbn),
    )
  ).filter((o) => o.bookId !== exceptBookId);
  if (owners.length === 0) return;
  const details = isbns.flatMap(({ isbn, path }) => {
    const owner = owners.find((o) => o.isbn === isbn);
    return owner ? [{ path, message: isbnTaken(owner, isbn) }] : [];
  });
  throw conflict(details[0]!.message, details);
}

/** Grade and subject exist and agree; a subject alone brings its grade. `at` prefixes the fields' paths. */
export async function resolveCurriculum(
  tx: Db | Tx,
  gradeId: number | null,
  subjectId: number | null,
  at = 'body',
): Promise<{ gradeId: number | null; subjectId: number | null }> {
  if (gradeId !== null) {
    const [grade] = await tx.select({ id: grades.id }).from(grades).where(eq(grades.id, gradeId));
    if (!grade)
      throw badRequest('No such grade', [{ path: `${at}.gradeId`, message: 'No such grade' }]);
  }
  if (subjectId === null) return { gradeId, subjectId };
  const [subject] = await tx
    .select({ gradeId: subjects.gradeId })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  if (!subject) {
    throw badRequest('No such subject', [{ path: `${at}.subjectId`, message: 'No such subject' }]);
  }
  if (gradeId !== null && subject.gradeId !== gradeId) {
    const message = 'The subject does not belong to the chosen grade';
    throw badRequest(message, [{ path: `${at}.subjectId`, message }]);
  }
  return { gradeId: subject.gradeId, subjectId };
}

/** A unique index met by a concurrent claim answers like the check would have. */
function uniqueAsConflict(path: string) {
  return (err: unknown) => {
    if (isUniqueViolation(err)) {
      throw conflict('This ISBN is already taken', [
        { path, message: 'This ISBN is already taken' },
      ]);
    }
    throw err;
  };
}

export function createBook(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof createBookBody>,
): Promise<BookRecord> {
  return deps.db
    .transaction(async (tx) => {
      await lockIsbns(tx, [input.isbn]);
      await assertIsbnsFree(tx, [{ isbn: input.isbn, path: 'body.isbn' }], null);
      const curriculum = await resolveCurriculum(
        tx,
        input.gradeId ?? null,
        input.subjectId ?? null,
      );
      const [row] = await tx
        .insert(books)
        .values({
          isbn: input.isbn,
          title: input.title,
          ...curriculum,
          series: input.series ?? null,
          edition: input.edition ?? null,
          language: input.language,
          status: input.status,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning({ id: books.id });
      const book = (await findBook(tx, row!.id))!;
      await recordAudit(tx, ctx, {
        action: 'book_created',
        entity: 'book',
        entityId: book.id,
        after: book,
      });
      return book;
    })
    .catch(uniqueAsConflict('body.isbn'));
}

export function editBook(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof editBookBody>,
): Promise<BookRecord> {
  return deps.db
    .transaction(async (tx) => {
      const row = await lockBookRow(tx, input.id);
      if (!row) throw notFound('Book');
      const before = (await findBook(tx, row.id))!;
      if (input.isbn !== undefined && input.isbn !== row.isbn) {
        await lockIsbns(tx, [input.isbn]);
        await assertIsbnsFree(tx, [{ isbn: input.isbn, path: 'body.isbn' }], null);
      }
      // Changing the grade alone clears a subject of the old grade.
      const gradeId = input.gradeId !== undefined ? input.gradeId : row.gradeId;
      let subjectId = input.subjectId !== undefined ? input.subjectId : row.subjectId;
      if (input.gradeId !== undefined && input.subjectId === undefined && gradeId !== row.gradeId) {
        subjectId = null;
      }
      const curriculum = await resolveCurriculum(tx, gradeId, subjectId);
      await tx
        .update(books)
        .set({
          ...sentFields(input, ['isbn', 'title', 'series', 'edition', 'language', 'status']),
          ...curriculum,
          updatedAt: deps.clock(),
          updatedBy: actor.id,
        })
        .where(eq(books.id, row.id));
      const after = (await findBook(tx, row.id))!;
      await recordAudit(tx, ctx, {
        action: 'book_edited',
        entity: 'book',
        entityId: row.id,
        before,
        after,
      });
      return after;
    })
    .catch(uniqueAsConflict('body.isbn'));
}

/**
 * All the books or none: an unknown id fails the whole call. Every book
 * given is written and audited, also one already at the status (`updated`
 * counts them all: "3 books are now inactive").
 */
export function changeBookStatus(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  ids: number[],
  status: BookStatus,
): Promise<number> {
  return deps.db.transaction((tx) =>
    changeStatus(tx, ctx, {
      table: books,
      id: books.id,
      status: books.status,
      ids,
      to: status,
      noun: 'Book',
      unchanged: 'rewrite',
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
      audit: { action: 'book_status_changed', entity: 'book' },
    }),
  );
}

/**
 * Attaches extra ISBNs. ISBNs this book already holds (main or extra, in any
 * written form) are reported back, not refused: attaching is idempotent. Any
 * ISBN held by another book refuses the whole call (409, one detail each).
 */
export function appendIsbns(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof appendIsbnsBody>,
) {
  return deps.db
    .transaction(async (tx) => {
      const row = await lockBookRow(tx, input.bookId);
      if (!row) throw notFound('Book');
      const before = (await findBook(tx, row.id))!;
      const unique = [...new Set(input.isbns)];
      await lockIsbns(tx, unique);
      await assertIsbnsFree(
        tx,
        input.isbns.map((isbn, i) => ({ isbn, path: `body.isbns.${i}` })),
        row.id,
      );
      const held = new Set([before.isbn, ...before.extraIsbns]);
      const added = unique.filter((i) => !held.has(i));
      const alreadyAttached = unique.filter((i) => held.has(i));
      if (added.length) {
        await tx.insert(bookIsbns).values(
          added.map((isbn) => ({
            bookId: row.id,
            isbn,
            createdBy: actor.id,
            updatedBy: actor.id,
          })),
        );
        await tx
          .update(books)
          .set({ updatedAt: deps.clock(), updatedBy: actor.id })
          .where(eq(books.id, row.id));
      }
      const book = (await findBook(tx, row.id))!;
      await recordAudit(tx, ctx, {
        action: 'book_isbns_added',
        entity: 'book',
        entityId: row.id,
        before: { extraIsbns: before.extraIsbns },
        after: { extraIsbns: book.extraIsbns, added, alreadyAttached },
      });
      return { book, added, alreadyAttached };
    })
    .catch(uniqueAsConflict('body.isbns'));
}

export function removeExtraIsbn(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  bookId: number,
  isbn: string,
): Promise<BookRecord> {
  return deps.db.transaction(async (tx) => {
    const row = await lockBookRow(tx, bookId);
    if (!row) throw notFound('Book');
    const removed = await tx
      .delete(bookIsbns)
      .where(and(eq(bookIsbns.bookId, bookId), eq(bookIsbns.isbn, isbn)))
      .returning({ id: bookIsbns.id });
    if (removed.length === 0) {
      if (row.isbn === isbn) {
        throw conflict("This is the book's main ISBN; change it by editing the book", [
          { path: 'body.isbn', message: "This is the book's main ISBN" },
        ]);
      }
      throw notFound('Extra ISBN');
    }
    await tx
      .update(books)
      .set({ updatedAt: deps.clock(), updatedBy: actor.id })
      .where(eq(books.id, bookId));
    await recordAudit(tx, ctx, {
      action: 'book_isbn_removed',
      entity: 'book',
      entityId: bookId,
      before: { isbn },
    });
    return (await findBook(tx, bookId))!;
  });
}
