import { authRoutes } from '@bo/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /auth/invite: who an invitation is for (fails for a used or expired token). */
export const getInviteInfo = (token: string, signal?: AbortSignal) =>
  apiCall(authRoutes.inviteInfo, { query: { token }, signal });

export function useInviteInfo(token: string) {
  return useQuery({
    queryKey: ['auth', 'invite', token],
    queryFn: ({ signal }) => getInviteInfo(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
