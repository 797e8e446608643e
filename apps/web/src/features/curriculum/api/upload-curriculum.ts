import type { UploadCurriculumResponse } from '@bo/contract';
import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';

/** POST /book/uploadcurriculum as multipart, with upload progress. */
export const uploadCurriculum = (input: ImportUploadInput) =>
  uploadImport<UploadCurriculumResponse>(curriculumRoutes.uploadCurriculum, input);

/** A commit changes every column's lists and counts: the mutation refreshes them all. */
export const useUploadCurriculum = () => useCurriculumMutation(uploadCurriculum);
