import type { UploadCatalogResponse } from '@bo/contract';
import { bookRoutes } from '@bo/contract/books';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/uploadbookcatalog as multipart, with upload progress. */
export const uploadCatalog = (input: ImportUploadInput) =>
  uploadImport<UploadCatalogResponse>(bookRoutes.uploadCatalog, input);

/** A commit adds books: the mutation refreshes the lists. */
export const useUploadCatalog = () => useBooksMutation(uploadCatalog);
