import { adminRoutes } from '@bo/contract/admins';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * The actor filter's choices: admins matching what was typed (GET
 * /user/listofadmin). Its own fetcher, since features do not share internals.
 */
export const listActors = (q: string, signal?: AbortSignal) =>
  apiCall(adminRoutes.listAdmins, {
    query: { q: q || undefined, pageSize: 20, sort: 'name' },
    signal,
  });

export function useActors(q: string) {
  return useQuery({
    queryKey: ['audit', 'actors', q],
    queryFn: ({ signal }) => listActors(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
