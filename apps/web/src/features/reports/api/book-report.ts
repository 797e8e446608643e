import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const bookAnalyticsRoute = reportRoutes.bookAnalytics;
export type BookAnalyticsQuery = RouteQueryInput<typeof reportRoutes.bookAnalytics>;

/** GET /reports/getisbnanalytics: One book's figures. */
export const useBookAnalytics = (query: BookAnalyticsQuery, enabled = true) =>
  useReportQuery(reportRoutes.bookAnalytics, query, enabled);
