import type { UploadCurriculumResponse } from '@bo/contract';
import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';
import { type ImportUploadInput, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** POST /book/uploadcurriculum as multipart, with upload progress. */
export const uploadCurriculum = ({ file, dryRun, onProgress }: ImportUploadInput) =>
  uploadWithProgress<UploadCurriculumResponse>(curriculumRoutes.uploadCurriculum, {
    file,
    query: { dryRun },
    onProgress,
  });

/** A commit changes every column's lists and counts: the mutation refreshes them all. */
export const useUploadCurriculum = () => useCurriculumMutation(uploadCurriculum);
