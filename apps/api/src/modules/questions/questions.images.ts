import type { questionImageQuery } from '@bo/contract';
import type { z } from 'zod';
import { questionImages } from '../../db/schema/index.ts';
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
 * Images shown in question texts (docs/questions.md, "Images"), kept and
 * served by the public-image rule (lib/public-images.ts): read without a
 * session because learners see questions too. The address is relative: the
 * question's HTML is shown by the back-office and the learner app alike.
 */
const QUESTION_IMAGE: PublicImageKind = {
  table: questionImages,
  what: 'A question image',
  action: 'question_image_uploaded',
  entity: 'question_image',
};

export const questionImageUrl = (key: string) => `/api/questions/image?key=${key}`;

/** `uploadimage`: answers the address to put in an `<img src>` of a question text. */
export async function uploadQuestionImage(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  upload: ReceivedUpload,
): Promise<{ url: string }> {
  const key = await storePublicImage(deps, ctx, actor, upload, QUESTION_IMAGE);
  return { url: questionImageUrl(key) };
}

/** `image`: the file, cached for a year (a key never names other bytes). */
export const serveQuestionImage = (deps: Deps, query: z.infer<typeof questionImageQuery>) =>
  servePublicImage(deps, QUESTION_IMAGE, query.key);
