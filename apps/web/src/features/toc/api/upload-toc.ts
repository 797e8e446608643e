import type { UploadTocResponse } from '@bo/contract';
import { tocRoutes } from '@bo/contract/toc-routes';
import { type ImportUploadInput, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

export interface UploadTocInput extends ImportUploadInput {
  bookId: number;
  removeMissing: boolean;
}

/** POST /book/uploadtoc (multipart): a dry run reports, `dryRun: false` applies all or nothing. */
export const uploadToc = ({ bookId, file, dryRun, removeMissing, onProgress }: UploadTocInput) =>
  uploadWithProgress<UploadTocResponse>(tocRoutes.uploadToc, {
    file,
    query: { bookId, dryRun, removeMissing },
    onProgress,
  });
