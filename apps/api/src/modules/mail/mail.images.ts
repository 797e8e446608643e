import type { mailerImageQuery } from '@bo/contract';
import type { z } from 'zod';
import { mailerImages } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import {
  type PublicImageKind,
  servePublicImage,
  storePublicImage,
} from '../../lib/public-images.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ReceivedUpload } from '../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';

/**
 * Images shown in mail templates, kept and served by the public-image rule
 * (lib/public-images.ts). The address is absolute: a mail client fetches it
 * from outside, without a session.
 */
const MAILER_IMAGE: PublicImageKind = {
  table: mailerImages,
  what: 'A mail image',
  action: 'mailer_image_uploaded',
  entity: 'mailer_image',
};

export async function uploadMailerImage(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  upload: ReceivedUpload,
): Promise<{ url: string; key: string }> {
  const key = await storePublicImage(deps, ctx, actor, upload, MAILER_IMAGE);
  return { url: `${deps.config.publicBaseUrl}/api/mail/image?key=${key}`, key };
}

export const serveMailerImage = (deps: Deps, query: z.infer<typeof mailerImageQuery>) =>
  servePublicImage(deps, MAILER_IMAGE, query.key);
