import type { UploadCatalogResponse } from '@bo/contract';
import { bookRoutes } from '@bo/contract/books';
import { type ImportUploadInput, uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/uploadbookcatalog as multipart, with upload progress. */
export const uploadCatalog = ({ file, dryRun, onProgress }: ImportUploadInput) =>
  uploadWithProgress<UploadCatalogResponse>(bookRoutes.uploadCatalog, {
    file,
    query: { dryRun },
    onProgress,
  });

/** A commit adds books: the mutation refreshes the lists. */
export const useUploadCatalog = () => useBooksMutation(uploadCatalog);
