import type { AssessmentKind, RouteQueryInput } from '@bo/contract';
import type { practiceRoutes } from '@bo/contract/practices-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { assessmentKeys } from './assessment-keys.ts';

export type AssessmentListQuery = RouteQueryInput<typeof practiceRoutes.listPractices>;

/** The kind's list route (listofpractices, getlistofmocktest…): one page, searched and filtered. */
export function useAssessments(kind: AssessmentKind, query: AssessmentListQuery) {
  return useQuery({
    queryKey: assessmentKeys.list(kind, query),
    queryFn: ({ signal }) => apiCall(KINDS[kind].ops.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
