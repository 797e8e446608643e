import type { LINK_KINDS } from '@bo/contract';
import { authRoutes } from '@bo/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type LinkKind = (typeof LINK_KINDS)[number];

/** POST /auth/link/check: whether a one-time link still works; uses nothing up. */
export const checkLink = (kind: LinkKind, token: string, signal?: AbortSignal) =>
  apiCall(authRoutes.checkLink, { body: { kind, token }, signal });

/** Asked once when the link's page opens, so a dead link is said before any typing. */
export function useCheckLink(kind: LinkKind, token: string) {
  return useQuery({
    queryKey: ['auth', 'link', kind, token],
    queryFn: ({ signal }) => checkLink(kind, token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
