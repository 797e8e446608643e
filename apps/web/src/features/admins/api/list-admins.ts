import type { RouteQueryInput } from '@bo/contract';
import { adminRoutes } from '@bo/contract/admins';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export type AdminListQuery = RouteQueryInput<typeof adminRoutes.listAdmins>;

/** GET /user/listofadmin: one page, filtered and sorted on the server. */
export const listAdmins = (query: AdminListQuery, signal?: AbortSignal) =>
  apiCall(adminRoutes.listAdmins, { query, signal });

export function useAdmins(query: AdminListQuery) {
  return useQuery({
    queryKey: adminKeys.list(query),
    queryFn: ({ signal }) => listAdmins(query, signal),
    // Keeps the current page on screen while the next one loads: no flashing table.
    placeholderData: keepPreviousData,
  });
}
