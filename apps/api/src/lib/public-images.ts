import type { AuditAction } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { mailerImages, questionImages } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { AuthAdmin } from '../plugins/auth-guard.ts';
import { recordAudit } from './audit-record.ts';
import { AppError, notFound } from './errors.ts';
import { storedFile } from './file-answer.ts';
import type { RequestContext } from './request-context.ts';
import type { ReceivedUpload } from './storage/upload.ts';

/**
 * Images read without a session at a public address (question texts, mail
 * templates): one rule for all. The upload is sniffed by the route layer
 * (image kind); only PNG, JPEG, WebP and GIF are kept (SVG is never an image
 * kind; AVIF is refused because not every learner's browser or mail client
 * shows it). A row in the kind's table holds the file against the orphan
 * sweep. The public key names the file by its random UUID and extension
 * (`<uuid>.png`): unguessable, and a key never names other bytes, so it is
 * cached as immutable. A stored file that is not an image of that kind is
 * never served through it.
 */

/** The image types kept, with the extension of their public key. */
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
export function storageKeyOf(key: string): string | null {
  const uuid = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z]+$/.exec(
    key,
  )?.[1];
  return uuid ? `${uuid.slice(0, 2)}/${uuid.slice(2, 4)}/${uuid}` : null;
}

/** A kind of public image: its table, its words and its audit action. */
export interface PublicImageKind {
  table: typeof questionImages | typeof mailerImages;
  /** "A question image", for the refusal of another type. */
  what: string;
  action: Extract<AuditAction, 'question_image_uploaded' | 'mailer_image_uploaded'>;
  entity: 'question_image' | 'mailer_image';
}

/** Keeps an uploaded image of `kind` (its row and audit) and answers its public key. */
export async function storePublicImage(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  { file }: ReceivedUpload,
  kind: PublicImageKind,
): Promise<string> {
  if (!IMAGE_EXTENSIONS[file.contentType])
    throw new AppError(
      415,
      'unsupported_media_type',
      `${kind.what} must be a PNG, JPEG, WebP or GIF image (this is ${file.contentType})`,
    );
  const key = publicKey(file.key, file.contentType);
  const values = {
    fileKey: file.key,
    contentType: file.contentType,
    bytes: file.size,
    createdBy: actor.id,
  };
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(kind.table).values(values).returning({ id: kind.table.id });
    await recordAudit(tx, ctx, {
      action: kind.action,
      entity: kind.entity,
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
  return key;
}

/** The image of `kind` at public `key`, cached for a year; 404 for anything else. */
export async function servePublicImage(deps: Deps, kind: PublicImageKind, key: string) {
  const storageKey = storageKeyOf(key);
  if (!storageKey) throw notFound('Image');
  const [row] = await deps.db
    .select({ contentType: kind.table.contentType })
    .from(kind.table)
    .where(eq(kind.table.fileKey, storageKey));
  if (!row || publicKey(storageKey, row.contentType) !== key) throw notFound('Image');
  return storedFile({
    key: storageKey,
    fileName: key,
    disposition: 'inline',
    cacheControl: 'public, max-age=31536000, immutable',
    crossOrigin: true,
  });
}
