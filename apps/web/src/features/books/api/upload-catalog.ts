import { API_PREFIX, routes, type UploadCatalogResponse } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import {
  ApiError,
  errorFromResponse,
  isTokenExpired,
  NETWORK_ERROR_MESSAGE,
} from '../../../lib/api-error.ts';
import { readToken } from '../../../lib/token-store.ts';
import { useBooksMutation } from './book-keys.ts';

async function send(file: File, dryRun: boolean): Promise<UploadCatalogResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${routes.uploadCatalog.path}?dryRun=${dryRun}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${readToken().access}`,
        cookies: document.cookie,
      },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response.json();
}

/**
 * POST /book/uploadbookcatalog as multipart (the JSON client cannot send a
 * file). After 'Token expired', one cheap call through the client runs the
 * shared refresh, then the upload is retried once.
 */
export async function uploadCatalog(input: { file: File; dryRun: boolean }) {
  try {
    return await send(input.file, input.dryRun);
  } catch (error) {
    if (!isTokenExpired(error)) throw error;
    await apiCall(routes.me);
    return send(input.file, input.dryRun);
  }
}

export const useUploadCatalog = () => useBooksMutation(uploadCatalog);
