import type { RouteQueryInput } from '@bo/contract';
import { bookRoutes } from '@bo/contract/books';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadbooks: the list's books (same search, filters, sort) as XLSX. */
export const downloadBooks = (query: RouteQueryInput<typeof bookRoutes.downloadBooks>) =>
  downloadFile(bookRoutes.downloadBooks, { query }, 'Books.xlsx');
