import type { RouteQueryInput } from '@bo/contract';
import { jobRoutes } from '@bo/contract/jobs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type JobsQuery = RouteQueryInput<typeof jobRoutes.listJobs>;

export const jobKeys = { all: ['jobs'] as const };

/** GET /jobs: newest first (super admins only). */
export const listJobs = (query: JobsQuery, signal?: AbortSignal) =>
  apiCall(jobRoutes.listJobs, { query, signal });

/** Refreshed every 2 s while a listed job waits or runs, so progress moves on its own. */
export function useJobs(query: JobsQuery) {
  return useQuery({
    queryKey: ['jobs', 'list', query],
    queryFn: ({ signal }) => listJobs(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((j) => ['created', 'retry', 'active'].includes(j.state))
        ? 2000
        : false,
  });
}
