import type { RouteQueryInput } from '@bo/contract';
import { learnerRoutes } from '@bo/contract/learners-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { learnerKeys } from './learner-keys.ts';

export type LearnerListQuery = RouteQueryInput<typeof learnerRoutes.listLearners>;

/** GET /user/getinfoofusers: one page of learners, searched, filtered and sorted on the server. */
export const listLearners = (query: LearnerListQuery, signal?: AbortSignal) =>
  apiCall(learnerRoutes.listLearners, { query, signal });

export function useLearners(query: LearnerListQuery) {
  return useQuery({
    queryKey: learnerKeys.list(query),
    queryFn: ({ signal }) => listLearners(query, signal),
    placeholderData: keepPreviousData,
  });
}
