import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /auth/logoutall: revokes every session of the signed-in admin, this one included. */
export const logoutAll = () => apiCall(authRoutes.logoutAll);

export const useLogoutAll = () => useMutation({ mutationFn: logoutAll });
