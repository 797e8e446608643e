import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const redemptionsReportRoute = reportRoutes.redemptionsReport;
export type RedemptionsReportQuery = RouteQueryInput<typeof reportRoutes.redemptionsReport>;

/** GET /reports/getuserredemtionsreports: Redemptions by book and day. */
export const useRedemptionsReport = (query: RedemptionsReportQuery, enabled = true) =>
  useReportQuery(reportRoutes.redemptionsReport, query, enabled);
