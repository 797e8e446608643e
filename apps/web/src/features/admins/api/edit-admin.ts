import { adminRoutes } from '@bo/contract/admins';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /user/edituser: name, phone, role or status (disabling ends their sessions). */
export const editAdmin = postCall(adminRoutes.editAdmin);

export const useEditAdmin = () => useAdminsMutation(editAdmin);
