import { type RouteQueryInput, routes } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type JobsQuery = RouteQueryInput<typeof routes.listJobs>;

export const jobKeys = { all: ['jobs'] as const };

/** GET /jobs: newest first (super admins only). */
export const listJobs = (query: JobsQuery, signal?: AbortSignal) =>
  apiCall(routes.listJobs, { query, signal });

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
