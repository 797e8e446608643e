import { mockTestRoutes } from '@bo/contract/mock-tests-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { assessmentKeys, useAssessmentMutation } from './assessment-keys.ts';

/** GET /master/getlistoftestcategory: every category in order, with its mock test count. */
export function useTestCategories(enabled = true) {
  return useQuery({
    queryKey: assessmentKeys.categories,
    queryFn: ({ signal }) => apiCall(mockTestRoutes.listTestCategories, { signal }),
    enabled,
  });
}

/** POST /master/addtestcategory: names are unique whatever their case (409). */
export const useAddTestCategory = () =>
  useAssessmentMutation(postCall(mockTestRoutes.addTestCategory));
