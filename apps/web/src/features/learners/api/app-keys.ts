import { learnerRoutes } from '@bo/contract/learners-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { learnerKeys, useLearnersMutation } from './learner-keys.ts';

/** GET /learnerapp/keys: the learner app's keys (never the keys themselves). */
export function useAppKeys() {
  return useQuery({
    queryKey: learnerKeys.appKeys,
    queryFn: ({ signal }) => apiCall(learnerRoutes.listLearnerAppKeys, { signal }),
  });
}

export const useCreateAppKey = () =>
  useLearnersMutation(postCall(learnerRoutes.createLearnerAppKey));
export const useRevokeAppKey = () =>
  useLearnersMutation(postCall(learnerRoutes.revokeLearnerAppKey));
