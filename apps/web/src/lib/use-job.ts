import type { Job } from '@bo/contract';
import { jobRoutes } from '@bo/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';

/** States after which a job changes no more (unless someone retries it). */
export const isJobFinished = (state: Job['state']) =>
  state === 'completed' || state === 'failed' || state === 'cancelled';

/** GET /jobs/status: one job, for the admin who started it (or a super admin). */
export const getJob = (id: string, signal?: AbortSignal) =>
  apiCall(jobRoutes.getJob, { query: { id }, signal });

/**
 * Follows a background job a screen started (an import, a mailer, a QR
 * batch): polls every second while it waits or runs, stops once it is
 * finished. `id` undefined = nothing to follow yet.
 */
export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: ['jobs', 'one', id],
    queryFn: ({ signal }) => getJob(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isJobFinished(state) ? false : 1000;
    },
  });
}
