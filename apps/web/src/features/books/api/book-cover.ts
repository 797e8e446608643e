import { API_PREFIX, type Book, routes } from '@bo/contract';
import { apiCall, withFreshToken } from '../../../lib/api-client.ts';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useBooksMutation } from './book-keys.ts';

/**
 * POST /book/uploadcover as multipart on XMLHttpRequest for its upload
 * progress (fetch has none); bookId goes before the file, as the server reads
 * only the fields sent before it. `onProgress` gets 0..1.
 */
export function uploadCover(
  bookId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Book> {
  return withFreshToken(
    (access) =>
      new Promise<Book>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_PREFIX}${routes.uploadCover.path}`);
        xhr.setRequestHeader('Authorization', `Bearer ${access}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          const response = new Response(xhr.responseText || null, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
          });
          if (xhr.status >= 200 && xhr.status < 300) resolve(response.json() as Promise<Book>);
          else errorFromResponse(response).then(reject, reject);
        };
        xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
        const form = new FormData();
        form.append('bookId', String(bookId));
        form.append('file', file, file.name);
        onProgress(0);
        xhr.send(form);
      }),
  );
}

export const useUploadCover = (bookId: number, onProgress: (fraction: number) => void) =>
  useBooksMutation((file: File) => uploadCover(bookId, file, onProgress));

/** POST /book/removecover: the cover and its file. */
export const useRemoveCover = (bookId: number) =>
  useBooksMutation(() => apiCall(routes.removeCover, { body: { id: bookId } }));
