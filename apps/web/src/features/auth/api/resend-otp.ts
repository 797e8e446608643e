import { authAddresses } from '@bo/contract/auth-addresses';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/resendotp: ends the challenge and mails a new code under a new challenge id. */
export const resendOtp = postCall(authAddresses.resendOtp);

export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
