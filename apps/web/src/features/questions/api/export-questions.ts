import type { RouteQueryInput } from '@bo/contract';
import { questionRoutes } from '@bo/contract/questions-routes';
import { downloadFile } from '../../../lib/download.ts';

export type QuestionExportQuery = RouteQueryInput<typeof questionRoutes.exportQuestions>;

const FILE_NAMES: Record<NonNullable<QuestionExportQuery['format']>, string> = {
  xlsx: 'Questions.xlsx',
  moodle: 'Questions.xml',
  gift: 'Questions.gift.txt',
  qti: 'Questions QTI.zip',
  quml: 'Questions QuML.json',
};

/**
 * GET /questions/exportquestions: the list's questions (same search, filters,
 * sort) as XLSX, Moodle XML, a QTI 3.0 package or QuML 1.1 JSON.
 */
export const exportQuestions = (query: QuestionExportQuery) =>
  downloadFile(questionRoutes.exportQuestions, { query }, FILE_NAMES[query.format ?? 'xlsx']);
