import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/**
 * POST /user/password/update. The caller sends its refresh token so the server
 * keeps this session and revokes every other one.
 */
export const updatePassword = postCall(authRoutes.passwordUpdate);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
