import { authAddresses } from '@bo/contract/auth-addresses';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/confirmotp: trades the challenge and the mailed code for a token pair. */
export const confirmOtp = postCall(authAddresses.confirmOtp);

export const useConfirmOtp = () => useMutation({ mutationFn: confirmOtp });
