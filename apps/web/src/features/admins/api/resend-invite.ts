import { adminRoutes } from '@bo/contract/admins';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /manage/resendinvite: a new invitation link for an admin who has not joined yet. */
export const resendInvite = postCall(adminRoutes.resendInvite);

export const useResendInvite = () => useAdminsMutation(resendInvite);
