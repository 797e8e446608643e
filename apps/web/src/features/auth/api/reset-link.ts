import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/password/resetlink: same answer whether or not the account exists. */
export const requestResetLink = postCall(authRoutes.resetLink);

export const useResetLink = () => useMutation({ mutationFn: requestResetLink });
