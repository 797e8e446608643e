import { questionRoutes } from '@bo/contract/questions-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /questions/importtemplate: the columns, examples and a sheet explaining them. */
export const downloadQuestionTemplate = () =>
  downloadFile(questionRoutes.questionImportTemplate, {}, 'Question import template.xlsx');
