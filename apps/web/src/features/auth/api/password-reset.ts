import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/password/reset: sets a new password with the mailed token. */
export const resetPassword = postCall(authRoutes.passwordReset);

export const usePasswordReset = () => useMutation({ mutationFn: resetPassword });
