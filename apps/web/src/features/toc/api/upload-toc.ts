import { routes, type UploadTocResponse } from '@bo/contract';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

export interface UploadTocInput {
  bookId: number;
  file: File;
  dryRun: boolean;
  removeMissing: boolean;
  onProgress?: (fraction: number) => void;
}

/** POST /book/uploadtoc (multipart): a dry run reports, `dryRun: false` applies all or nothing. */
export const uploadToc = ({ bookId, file, dryRun, removeMissing, onProgress }: UploadTocInput) =>
  uploadWithProgress<UploadTocResponse>(routes.uploadToc, {
    file,
    query: { bookId, dryRun, removeMissing },
    onProgress,
  });
