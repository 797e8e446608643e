import { type RouteQueryInput, routes } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadbooks: the list's books (same search, filters, sort) as XLSX. */
export const downloadBooks = (query: RouteQueryInput<typeof routes.downloadBooks>) =>
  downloadFile(routes.downloadBooks, { query }, 'Books.xlsx');
