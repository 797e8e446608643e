import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const sessionsReportRoute = reportRoutes.sessionsReport;
export type SessionsReportQuery = RouteQueryInput<typeof reportRoutes.sessionsReport>;

/** GET /reports/getusersession: Sessions and their lengths. */
export const useSessionsReport = (query: SessionsReportQuery, enabled = true) =>
  useReportQuery(reportRoutes.sessionsReport, query, enabled);
