import type { Job, RouteDef } from '@bo/contract';
import { API_PREFIX } from '@bo/contract/route';
import { REQUEST_TIMEOUT_MS, withFreshToken } from './api-client.ts';
import {
  ApiError,
  ClientErrorCode,
  errorFromResponse,
  NETWORK_ERROR_MESSAGE,
  timedOut,
} from './api-error.ts';

/**
 * What an import's upload takes: the file, whether it is a dry run, its
 * upload progress (0..1), and, for a file the server imports as a job, each
 * state of that job and when to stop following it (a newer pick).
 */
export interface ImportUploadInput {
  file: File;
  dryRun: boolean;
  onProgress?: ((fraction: number) => void) | undefined;
  onJob?: ((job: Job) => void) | undefined;
  isStale?: (() => boolean) | undefined;
}

/**
 * POSTs a multipart form to a contract route on XMLHttpRequest, for its
 * upload progress (fetch has none); the bearer and the retry after 'Token
 * expired' come from the api client. `fields` go before the file, in order,
 * as the server reads only the fields sent before it. `onProgress` gets 0..1.
 */
export function uploadWithProgress<T>(
  route: RouteDef,
  input: {
    file: File;
    fields?: Record<string, string>;
    query?: Record<string, string | number | boolean>;
    onProgress?: ((fraction: number) => void) | undefined;
    signal?: AbortSignal;
  },
): Promise<T> {
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]),
  ).toString();
  const url = `${API_PREFIX}${route.path}${query ? `?${query}` : ''}`;
  return withFreshToken(
    route,
    (access) =>
      new Promise<T>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        // A big file on a slow line may take long as a whole, so the time-out
        // counts from the last sign of life: a byte sent, or the file's end.
        let stalled: ReturnType<typeof setTimeout> | undefined;
        const alive = () => {
          clearTimeout(stalled);
          stalled = setTimeout(() => {
            xhr.onabort = null;
            xhr.abort();
            reject(timedOut(REQUEST_TIMEOUT_MS));
          }, REQUEST_TIMEOUT_MS);
        };
        xhr.onloadend = () => clearTimeout(stalled);
        xhr.open('POST', url);
        xhr.setRequestHeader('Authorization', `Bearer ${access}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          alive();
          if (e.lengthComputable) input.onProgress?.(e.loaded / e.total);
        };
        xhr.upload.onload = alive;
        xhr.onload = () => {
          const response = new Response(xhr.responseText || null, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
          });
          if (xhr.status >= 200 && xhr.status < 300) {
            resolve(response.json() as Promise<T>);
          } else {
            errorFromResponse(response).then(reject, reject);
          }
        };
        xhr.onerror = () =>
          reject(new ApiError(0, NETWORK_ERROR_MESSAGE, ClientErrorCode.network_error));
        xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
        input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const form = new FormData();
        for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
        form.append('file', input.file, input.file.name);
        input.onProgress?.(0);
        alive();
        xhr.send(form);
      }),
  );
}
