import type { Access, SessionAdmin } from '@bo/contract';
import { allows } from '@bo/contract/access';
import { authAddresses } from '@bo/contract/auth-addresses';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from './api-client.ts';
import { clearToken, hasSession } from './token-store.ts';

/**
 * The signed-in admin (GET /auth/me). Shared by the shell and by features, so
 * it lives here rather than inside one feature.
 */
export const meQueryKey = ['auth', 'me'] as const;

export const getMe = (signal?: AbortSignal) => apiCall(authAddresses.me, { signal });

/** The query of the signed-in admin, for the hook and for the prefetch at start. */
export const meQuery = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    enabled: hasSession(),
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQuery());
}

/** Whether an admin may open something guarded by `access` (the API's own rule). */
export function canOpen(admin: SessionAdmin | undefined, access: Access): boolean {
  return admin !== undefined && allows(admin, access);
}

/**
 * Forgets the session locally: empty token pair, no cached data of this admin,
 * back to /login. Used after sign-out whether or not the server call worked.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
