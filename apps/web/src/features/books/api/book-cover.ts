import type { Book } from '@bo/contract';
import { bookRoutes } from '@bo/contract/books';
import { apiCall } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/uploadcover with its progress (0..1); bookId goes before the file. */
export const uploadCover = (bookId: number, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<Book>(bookRoutes.uploadCover, {
    file,
    fields: { bookId: String(bookId) },
    onProgress,
  });

export const useUploadCover = (bookId: number, onProgress: (fraction: number) => void) =>
  useBooksMutation((file: File) => uploadCover(bookId, file, onProgress));

/** POST /book/removecover: the cover and its file. */
export const useRemoveCover = (bookId: number) =>
  useBooksMutation(() => apiCall(bookRoutes.removeCover, { body: { id: bookId } }));
