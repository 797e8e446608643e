import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const learnersReportRoute = reportRoutes.learnersReport;
export type LearnersReportQuery = RouteQueryInput<typeof reportRoutes.learnersReport>;

/** GET /reports/getuserdatareport: Learners registered and active. */
export const useLearnersReport = (query: LearnersReportQuery, enabled = true) =>
  useReportQuery(reportRoutes.learnersReport, query, enabled);
