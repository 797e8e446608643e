import { jobRoutes } from '@bo/contract/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';
import { jobKeys } from './list-jobs.ts';

/** POST /jobs/retry: a failed or cancelled job runs again. */
export const retryJob = postCall(jobRoutes.retryJob);

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
