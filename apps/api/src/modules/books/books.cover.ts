import { COVER_TYPES, type coverFileQuery, uploadCoverFields } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { books } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sendStoredFile } from '../../lib/storage/serve.ts';
import { assertFileSignature } from '../../lib/storage/signed-url.ts';
import { receiveUpload } from '../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type BookRecord, findBook, lockBookRow } from './books.queries.ts';

/**
 * A book's cover: one image file in the store, its key on the book row.
 * Uploads are sniffed (PNG, JPEG, WebP) and capped by UPLOAD_MAX_IMAGE_MB;
 * a replaced or removed cover's file is deleted once the row no longer
 * points at it. Browsers load it through a signed link (`coverUrl`).
 */

/** `uploadcover`: the field bookId, then the image as "file". */
export async function uploadCover(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  req: FastifyRequest,
): Promise<BookRecord> {
  const file = await receiveUpload(req, deps.storage, {
    kind: 'image',
    maxBytes: deps.config.uploadMaxBytes.image,
    field: 'file',
  });
  let old: string | null = null;
  try {
    if (!(COVER_TYPES as readonly string[]).includes(file.contentType)) {
      throw new AppError(
        415,
        'unsupported_media_type',
        `A cover must be a PNG, JPEG or WebP image (this is ${file.contentType})`,
      );
    }
    const fields = uploadCoverFields.safeParse(file.fields);
    if (!fields.success) {
      throw badRequest('Send bookId before the file', [
        { path: 'body.bookId', message: fields.error.issues[0]!.message },
      ]);
    }
    const { bookId } = fields.data;
    const book = await deps.db.transaction(async (tx) => {
      const row = await lockBookRow(tx, bookId);
      if (!row) throw notFound('Book');
      old = row.coverFileKey;
      await tx
        .update(books)
        .set({ coverFileKey: file.key, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(books.id, bookId));
      await recordAudit(tx, ctx, {
        action: 'book_cover_set',
        entity: 'book',
        entityId: bookId,
        before: { coverFileKey: old },
        after: {
          coverFileKey: file.key,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
        },
      });
      return (await findBook(tx, bookId))!;
    });
    if (old) await deps.storage.delete(old).catch(() => undefined);
    return book;
  } catch (err) {
    await deps.storage.delete(file.key).catch(() => undefined);
    throw err;
  }
}

/** `removecover`: idempotent; the file goes once the row is committed without it. */
export async function removeCover(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  id: number,
): Promise<BookRecord> {
  let old: string | null = null;
  const book = await deps.db.transaction(async (tx) => {
    const row = await lockBookRow(tx, id);
    if (!row) throw notFound('Book');
    old = row.coverFileKey;
    if (old) {
      await tx
        .update(books)
        .set({ coverFileKey: null, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(books.id, id));
      await recordAudit(tx, ctx, {
        action: 'book_cover_removed',
        entity: 'book',
        entityId: id,
        before: { coverFileKey: old },
      });
    }
    return (await findBook(tx, id))!;
  });
  if (old) await deps.storage.delete(old).catch(() => undefined);
  return book;
}

/** The signed link's image: 404 without a cover, 403 for a link not of the current cover. */
export async function serveCover(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof coverFileQuery>,
) {
  const [row] = await deps.db
    .select({ key: books.coverFileKey, title: books.title })
    .from(books)
    .where(eq(books.id, query.id));
  if (!row?.key) throw notFound('Cover');
  assertFileSignature(deps, row.key, query);
  return sendStoredFile(req, reply, deps.storage, {
    key: row.key,
    fileName: `${row.title} cover`,
    disposition: 'inline',
  });
}
