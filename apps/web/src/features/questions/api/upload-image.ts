import { questionRoutes } from '@bo/contract/questions-routes';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/**
 * POST /questions/uploadimage with its progress (0..1): answers the URL to
 * put in the text's `<img>` (the server sniffs the bytes: images only).
 */
export const uploadQuestionImage = async (file: File, onProgress: (fraction: number) => void) =>
  (
    await uploadWithProgress<{ url: string }>(questionRoutes.uploadQuestionImage, {
      file,
      onProgress,
    })
  ).url;
