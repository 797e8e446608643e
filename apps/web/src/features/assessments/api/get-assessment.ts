import type { AssessmentKind } from '@bo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** The kind's detail route (getquizbypractice, getmocktestdata…): header, sections, items. */
export const assessmentQuery = (kind: AssessmentKind, id: number) =>
  queryOptions({
    queryKey: assessmentKeys.one(kind, id),
    queryFn: ({ signal }) => apiCall(KINDS[kind].ops.detail, { query: { id }, signal }),
  });

export function useAssessment(kind: AssessmentKind, id: number) {
  return useQuery(assessmentQuery(kind, id));
}
