import { routes, type UploadCurriculumResponse } from '@bo/contract';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { useCurriculumMutation } from './curriculum-keys.ts';

export interface UploadCurriculumInput {
  file: File;
  dryRun: boolean;
  /** 0..1 of the upload. */
  onProgress?: (fraction: number) => void;
}

/** POST /book/uploadcurriculum as multipart, with upload progress. */
export const uploadCurriculum = ({ file, dryRun, onProgress }: UploadCurriculumInput) =>
  uploadWithProgress<UploadCurriculumResponse>(routes.uploadCurriculum, {
    file,
    query: { dryRun },
    ...(onProgress ? { onProgress } : {}),
  });

/** A commit changes every column's lists and counts: the mutation refreshes them all. */
export const useUploadCurriculum = () => useCurriculumMutation(uploadCurriculum);
