import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/setup: creates the first super admin with the one-time setup token. */
export const setup = postCall(authRoutes.setup);

export const useSetup = () => useMutation({ mutationFn: setup });
