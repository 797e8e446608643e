import type { questionImageQuery } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { questionImages } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storedFile } from '../../lib/file-answer.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ReceivedUpload } from '../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';

/**
 * Images shown in question texts (docs/questions.md, "Images"). The upload
 * is sniffed by the route layer (image kind); here only PNG, JPEG, WebP and
 * GIF are kept (SVG is never an image kind; AVIF is refused because not
 * every learner's browser shows it). The row in question_images holds the
 * file against the orphan sweep. The public address names the file by its
 * random UUID and extension (`<uuid>.png`): unguessable, and read without a
 * session because learners see questions too. A stored file that is not a
 * question image is never served by it.
 */

/** The image types a question may show, with the extension of their public key. */
export const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The public key of a stored file (`ab/cd/<uuid>` → `<uuid>.png`). */
export const publicKey = (storageKey: string, contentType: string) =>
  `${storageKey.split('/').at(-1)}.${IMAGE_EXTENSIONS[contentType]}`;

/** The stored file's key of a public key, or null when it cannot be one. */
function storageKeyOf(key: string): string | null {
  const uuid = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z]+$/.exec(
    key,
  )?.[1];
  return uuid ? `${uuid.slice(0, 2)}/${uuid.slice(2, 4)}/${uuid}` : null;
}

export const questionImageUrl = (key: string) => `/api/questions/image?key=${key}`;

/** `uploadimage`: answers the address to put in an `<img src>` of a question text. */
export async function uploadQuestionImage(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  { file }: ReceivedUpload,
): Promise<{ url: string }> {
  if (!IMAGE_EXTENSIONS[file.contentType])
    throw new AppError(
      415,
      'unsupported_media_type',
      `A question image must be a PNG, JPEG, WebP or GIF image (this is ${file.contentType})`,
    );
  const key = publicKey(file.key, file.contentType);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questionImages)
      .values({
        fileKey: file.key,
        contentType: file.contentType,
        bytes: file.size,
        createdBy: actor.id,
      })
      .returning({ id: questionImages.id });
    await recordAudit(tx, ctx, {
      action: 'question_image_uploaded',
      entity: 'question_image',
      entityId: row!.id,
      after: {
        key,
        contentType: file.contentType,
        bytes: file.size,
        sha256: file.sha256,
        name: file.originalName,
      },
    });
  });
  return { url: questionImageUrl(key) };
}

/** `image`: the file, cached for a year (a key never names other bytes). */
export async function serveQuestionImage(deps: Deps, query: z.infer<typeof questionImageQuery>) {
  const storageKey = storageKeyOf(query.key);
  if (!storageKey) throw notFound('Image');
  const [row] = await deps.db
    .select({ contentType: questionImages.contentType })
    .from(questionImages)
    .where(eq(questionImages.fileKey, storageKey));
  if (!row || publicKey(storageKey, row.contentType) !== query.key) throw notFound('Image');
  return storedFile({
    key: storageKey,
    fileName: query.key,
    disposition: 'inline',
    cacheControl: 'public, max-age=31536000, immutable',
  });
}
