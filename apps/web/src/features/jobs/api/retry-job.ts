import { routes } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';
import { jobKeys } from './list-jobs.ts';

/** POST /jobs/retry: a failed or cancelled job runs again. */
export const retryJob = postCall(routes.retryJob);

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
