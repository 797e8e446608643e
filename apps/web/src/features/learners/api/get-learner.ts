import { learnerRoutes } from '@bo/contract/learners-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { learnerKeys } from './learner-keys.ts';

/** GET /user/getinfobyuserid: one learner with devices and recent activity. */
export const getLearner = (id: number, signal?: AbortSignal) =>
  apiCall(learnerRoutes.getLearner, { query: { id }, signal });

export function useLearner(id: number | null) {
  return useQuery({
    queryKey: learnerKeys.one(id ?? 0),
    queryFn: ({ signal }) => getLearner(id ?? 0, signal),
    enabled: id !== null,
  });
}
