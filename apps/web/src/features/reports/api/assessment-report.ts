import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const assessmentResultsRoute = reportRoutes.assessmentResults;
export type AssessmentResultsQuery = RouteQueryInput<typeof reportRoutes.assessmentResults>;

/** GET /reports/assessmentresults: One assessment's attempts and questions. */
export const useAssessmentResults = (query: AssessmentResultsQuery, enabled = true) =>
  useReportQuery(reportRoutes.assessmentResults, query, enabled);
