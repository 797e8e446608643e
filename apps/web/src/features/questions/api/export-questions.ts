import type { RouteQueryInput } from '@bo/contract';
import { questionRoutes } from '@bo/contract/questions-routes';
import { downloadFile } from '../../../lib/download.ts';

export type QuestionExportQuery = RouteQueryInput<typeof questionRoutes.exportQuestions>;

/** GET /questions/exportquestions: the list's questions (same search, filters, sort) as XLSX or Moodle XML. */
export const exportQuestions = (query: QuestionExportQuery) =>
  downloadFile(
    questionRoutes.exportQuestions,
    { query },
    query.format === 'moodle' ? 'Questions.xml' : 'Questions.xlsx',
  );
