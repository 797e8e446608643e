import { authRoutes } from '@bo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /auth/invite/accept: sets the password of an invited admin. */
export const acceptInvite = postCall(authRoutes.inviteAccept);

export const useInviteAccept = () => useMutation({ mutationFn: acceptInvite });
