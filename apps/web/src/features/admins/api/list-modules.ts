import { adminRoutes } from '@bo/contract/admins';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /modules/listofmodules: the fixed catalogue, so it is cached for the session. */
export const listModules = (signal?: AbortSignal) => apiCall(adminRoutes.listModules, { signal });

export function useModules() {
  return useQuery({
    queryKey: adminKeys.modules,
    queryFn: ({ signal }) => listModules(signal),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => [...data.items].sort((a, b) => a.position - b.position),
  });
}
