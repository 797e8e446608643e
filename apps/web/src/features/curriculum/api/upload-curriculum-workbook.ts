import type { UploadCurriculumWorkbookResponse } from '@bo/contract';
import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';

/** POST /book/uploadcurriculumworkbook as multipart, with upload progress. */
export const uploadCurriculumWorkbook = (input: ImportUploadInput) =>
  uploadImport<UploadCurriculumWorkbookResponse>(curriculumRoutes.uploadCurriculumWorkbook, input);

/** A commit may rename, move or add under any column: the mutation refreshes them all. */
export const useUploadCurriculumWorkbook = () => useCurriculumMutation(uploadCurriculumWorkbook);
