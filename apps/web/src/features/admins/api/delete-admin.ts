import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /manage/deleteadminuser: never oneself, never the last super admin. */
export const deleteAdmin = postCall(routes.deleteAdmin);

export const useDeleteAdmin = () => useAdminsMutation(deleteAdmin);
