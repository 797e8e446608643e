import type { QuestionImportResponse } from '@bo/contract/questions-routes';
import { questionRoutes } from '@bo/contract/questions-routes';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';
import { useQuestionsMutation } from './question-keys.ts';

/**
 * POST /excelimport/questionimport as multipart, with upload progress. The
 * format (XLSX, ZIP, Moodle XML, GIFT, Aiken) is told by the server from the
 * file itself.
 */
export const importQuestions = (input: ImportUploadInput & { validOnly?: boolean }) =>
  uploadImport<QuestionImportResponse>(
    questionRoutes.questionImport,
    input,
    input.validOnly ? { validOnly: true } : {},
  );

/**
 * A commit adds questions: the mutation refreshes the lists and tags. With
 * `validOnly` it imports the valid questions and answers the refused ones
 * as `refusedFile`.
 */
export const useImportQuestions = () => useQuestionsMutation(importQuestions);
