import { routes } from '@bo/contract';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/setup: creates the first super admin with the one-time setup token. */
export const setup = postCall(routes.setup);

export const useSetup = () => useMutation({ mutationFn: setup });
