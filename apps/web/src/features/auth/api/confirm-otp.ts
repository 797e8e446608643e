import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/confirmotp: trades the challenge and the mailed code for a token pair. */
export const confirmOtp = postCall(authRoutes.confirmOtp);

export const useConfirmOtp = () => useMutation({ mutationFn: confirmOtp });
