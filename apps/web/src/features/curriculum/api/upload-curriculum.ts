import { API_PREFIX, routes, type UploadCurriculumResponse } from '@bo/contract';
import { withFreshToken } from '../../../lib/api-client.ts';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useCurriculumMutation } from './curriculum-keys.ts';

export interface UploadCurriculumInput {
  file: File;
  dryRun: boolean;
  /** 0..1 of the upload. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /book/uploadcurriculum as multipart, on XMLHttpRequest for its upload
 * progress (fetch has none); the bearer and the refresh on 'Token expired'
 * come from the api client.
 */
export function uploadCurriculum({
  file,
  dryRun,
  onProgress,
}: UploadCurriculumInput): Promise<UploadCurriculumResponse> {
  return withFreshToken(
    (access) =>
      new Promise<UploadCurriculumResponse>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_PREFIX}${routes.uploadCurriculum.path}?dryRun=${dryRun}`);
        xhr.setRequestHeader('Authorization', `Bearer ${access}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress?.(e.loaded / e.total);
        };
        xhr.onload = () => {
          const response = new Response(xhr.responseText || null, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
          });
          if (response.ok) resolve(response.json());
          else errorFromResponse(response).then(reject, reject);
        };
        xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
        const form = new FormData();
        form.append('file', file, file.name);
        onProgress?.(0);
        xhr.send(form);
      }),
  );
}

/** A commit changes every column's lists and counts: the mutation refreshes them all. */
export const useUploadCurriculum = () => useCurriculumMutation(uploadCurriculum);
