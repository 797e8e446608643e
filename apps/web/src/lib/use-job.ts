import type { Job } from '@bo/contract';
import { ErrorCode } from '@bo/contract/error-codes';
import { jobRoutes } from '@bo/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';
import { ApiError, ClientErrorCode } from './api-error.ts';

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

/** How often a job followed outside a query (an import's two steps) is asked how it is doing. */
const FOLLOW_EVERY_MS = 1000;

/**
 * Follows a job to its end outside React Query, for a flow that awaits its
 * outcome (the import dialog: a large file's upload answers a `jobId`).
 * Tells `onJob` each state seen, answers the job's result (an import's
 * report), or throws its error as the ApiError the request would have thrown
 * (an import's refusal keeps its code and every problem). `isStale` stops
 * following when the screen has moved on.
 */
export async function followJob<R>(
  id: string,
  onJob: (job: Job) => void,
  isStale: () => boolean,
): Promise<R> {
  for (;;) {
    const job = await getJob(id);
    if (isStale())
      throw new ApiError(409, 'A newer request replaced this one', ClientErrorCode.stale);
    onJob(job);
    if (job.state === 'completed') return job.result as R;
    if (job.state === 'failed' || job.state === 'cancelled') {
      const e = job.error ?? { message: 'The job stopped', code: ErrorCode.job_failed };
      throw new ApiError(400, e.message, e.code, e.details ?? []);
    }
    await new Promise((r) => setTimeout(r, FOLLOW_EVERY_MS));
  }
}
