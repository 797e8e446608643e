import { practiceRoutes } from '@bo/contract/practices-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const key = ['assessments', 'practice', 'general-instructions'] as const;

/** GET /toc/quiz/getgeneralinstructions: what every practice shows unless it has its own. */
export const useGeneralInstructions = (enabled = true) =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiCall(practiceRoutes.getGeneralInstructions, { signal }),
    enabled,
  });

/** POST /toc/quiz/updategetgeninstructions: the server answers the sanitised text it kept. */
export function useSaveGeneralInstructions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (html: string) =>
      apiCall(practiceRoutes.updateGeneralInstructions, { body: { html } }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
