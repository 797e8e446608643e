import { ENGAGEMENT_IMAGE_TYPES, type engagementImageQuery } from '@bo/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storedFile } from '../../lib/file-answer.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { assertFileSignature, signFileUrl } from '../../lib/storage/signed-url.ts';
import type { ReceivedUpload } from '../../lib/storage/upload.ts';

/**
 * Pop-up and notification images: stored on upload, held by the row that
 * names the key (modules/files/files.keys.ts), served through a signed link.
 * The link lasts a week: a push message shows it for days after sending.
 */
const LINK_TTL_MS = 7 * 86_400_000;

export function engagementImageUrl(
  deps: Pick<Deps, 'config' | 'clock'>,
  key: string | null,
  absolute = false,
): string | null {
  if (!key) return null;
  // A week-long link, signed per day, so one image keeps one URL all day (caches).
  const day = Math.floor(deps.clock().getTime() / 86_400_000) * 86_400_000;
  const signed = signFileUrl({ ...deps, clock: () => new Date(day) }, key, LINK_TTL_MS);
  const path = `/api/engagement/image?key=${encodeURIComponent(key)}&${signed}`;
  return absolute ? `${deps.config.publicBaseUrl}${path}` : path;
}

export async function uploadEngagementImage(
  deps: Deps,
  ctx: RequestContext,
  owner: 'popup' | 'notification',
  { file }: ReceivedUpload<unknown>,
) {
  if (!(ENGAGEMENT_IMAGE_TYPES as readonly string[]).includes(file.contentType)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `An image must be a PNG, JPEG or WebP (this is ${file.contentType})`,
    );
  }
  await recordAudit(deps.db, ctx, {
    action: `${owner}_image_uploaded`,
    entity: owner,
    entityId: null,
    before: null,
    after: { key: file.key, contentType: file.contentType, size: file.size },
  });
  return { key: file.key, url: engagementImageUrl(deps, file.key)! };
}

/** The image of a signed link (only this server signs keys; an unknown key is 404). */
export async function serveEngagementImage(
  deps: Deps,
  query: z.infer<typeof engagementImageQuery>,
) {
  if (!(await deps.storage.stat(query.key))) throw notFound('Image');
  assertFileSignature(deps, query.key, query);
  return storedFile({ key: query.key, fileName: 'image', disposition: 'inline' });
}
