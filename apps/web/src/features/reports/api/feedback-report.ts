import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const feedbackReportRoute = reportRoutes.feedbackReport;
export type FeedbackReportQuery = RouteQueryInput<typeof reportRoutes.feedbackReport>;

/** GET /reports/downloadfeedback: Feedback by rating and day. */
export const useFeedbackReport = (query: FeedbackReportQuery, enabled = true) =>
  useReportQuery(reportRoutes.feedbackReport, query, enabled);
