import { routes } from '@bo/contract';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/password/resetlink: same answer whether or not the account exists. */
export const requestResetLink = postCall(routes.resetLink);

export const useResetLink = () => useMutation({ mutationFn: requestResetLink });
