import { adminRoutes } from '@bo/contract/admins';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /manage/deleteadminuser: never oneself, never the last super admin. */
export const deleteAdmin = postCall(adminRoutes.deleteAdmin);

export const useDeleteAdmin = () => useAdminsMutation(deleteAdmin);
