import { authAddresses } from '@bo/contract/auth-addresses';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/login: checks e-mail and password, mails a code, answers the challenge. */
export const login = postCall(authAddresses.login);

export const useLogin = () => useMutation({ mutationFn: login });
