import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { readToken } from '../../../lib/token-store.ts';

/** POST /auth/logout: revokes this session's refresh token family on the server. */
export const logout = () =>
  apiCall(authRoutes.logout, { body: { refreshToken: readToken().refresh || undefined } });

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
