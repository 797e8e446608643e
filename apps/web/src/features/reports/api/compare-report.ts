import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const booksComparisonRoute = reportRoutes.booksComparison;
export type BooksComparisonQuery = RouteQueryInput<typeof reportRoutes.booksComparison>;

/** GET /reports/getdatabyisbns: Two to four books side by side. */
export const useBooksComparison = (query: BooksComparisonQuery, enabled = true) =>
  useReportQuery(reportRoutes.booksComparison, query, enabled);
