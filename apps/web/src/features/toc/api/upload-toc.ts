import type { UploadTocResponse } from '@bo/contract';
import { tocRoutes } from '@bo/contract/toc-routes';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';

export interface UploadTocInput extends ImportUploadInput {
  bookId: number;
  removeMissing: boolean;
}

/** POST /book/uploadtoc (multipart): a dry run reports, `dryRun: false` applies all or nothing. */
export const uploadToc = ({ bookId, removeMissing, ...input }: UploadTocInput) =>
  uploadImport<UploadTocResponse>(tocRoutes.uploadToc, input, { bookId, removeMissing });
