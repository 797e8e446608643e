import { API_PREFIX, type MediaUploadKind, routes, type UploadedMediaFile } from '@bo/contract';
import { withFreshToken } from '../../../lib/api-client.ts';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/**
 * POST /media/uploadfile as multipart, on XMLHttpRequest for its upload
 * progress (fetch has none); the bearer and the refresh on 'Token expired'
 * come from the api client. `onProgress` gets 0..1.
 */
export function uploadMediaFile(
  kind: MediaUploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMediaFile> {
  return withFreshToken(
    (access) =>
      new Promise<UploadedMediaFile>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_PREFIX}${routes.uploadMediaFile.path}?kind=${kind}`);
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
          if (xhr.status >= 200 && xhr.status < 300) {
            resolve(response.json() as Promise<UploadedMediaFile>);
          } else {
            errorFromResponse(response).then(reject, reject);
          }
        };
        xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
        xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const form = new FormData();
        form.append('file', file, file.name);
        onProgress(0);
        xhr.send(form);
      }),
  );
}
