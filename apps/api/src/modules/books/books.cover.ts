import { COVER_TYPES, type coverFileQuery } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { books } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storedFile } from '../../lib/file-answer.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { assertFileSignature } from '../../lib/storage/signed-url.ts';
import type { ReceivedUpload } from '../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { type BookRecord, findBook, lockBookRow } from './books.queries.ts';

/**
 * A book's cover: one image file in the store, its key on the book row.
 * Uploads are sniffed (PNG, JPEG, WebP) and capped by UPLOAD_MAX_IMAGE_MB;
 * a replaced or removed cover's file is deleted once the row no longer
 * points at it. Browsers load it through a signed link (`coverUrl`).
 */

/**
 * `uploadcover`: the image, already stored and sniffed, with the field bookId
 * (the route layer deletes the file when this throws).
 */
export async function uploadCover(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  { file, fields }: ReceivedUpload<{ bookId: number }>,
): Promise<BookRecord> {
  if (!(COVER_TYPES as readonly string[]).includes(file.contentType)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `A cover must be a PNG, JPEG or WebP image (this is ${file.contentType})`,
    );
  }
  return setCover(deps, ctx, actor, fields.bookId, file.key, {
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
  });
}

/** `removecover`: idempotent. */
export const removeCover = (deps: Deps, ctx: RequestContext, actor: AuthAdmin, id: number) =>
  setCover(deps, ctx, actor, id, null);

/**
 * Points the book at `key` (null: no cover), audited, in one transaction;
 * the file it pointed at before is deleted once that is committed.
 */
async function setCover(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  bookId: number,
  key: string | null,
  file?: object,
): Promise<BookRecord> {
  let old: string | null = null;
  const book = await deps.db.transaction(async (tx) => {
    const row = await lockBookRow(tx, bookId);
    if (!row) throw notFound('Book');
    old = row.coverFileKey;
    if (old !== key) {
      await tx
        .update(books)
        .set({ coverFileKey: key, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(books.id, bookId));
      await recordAudit(tx, ctx, {
        action: key ? 'book_cover_set' : 'book_cover_removed',
        entity: 'book',
        entityId: bookId,
        before: { coverFileKey: old },
        after: key ? { coverFileKey: key, ...file } : null,
      });
    } else {
      markUnchanged(ctx); // removing an absent cover: idempotent, nothing to audit
    }
    return (await findBook(tx, bookId))!;
  });
  if (old && old !== key) await deps.storage.delete(old).catch(() => undefined);
  return book;
}

/** The signed link's image: 404 without a cover, 403 for a link not of the current cover. */
export async function serveCover(deps: Deps, query: z.infer<typeof coverFileQuery>) {
  const [row] = await deps.db
    .select({ key: books.coverFileKey, title: books.title })
    .from(books)
    .where(eq(books.id, query.id));
  if (!row?.key) throw notFound('Cover');
  assertFileSignature(deps, row.key, query);
  return storedFile({
    key: row.key,
    fileName: `${row.title} cover`,
    disposition: 'inline',
  });
}
