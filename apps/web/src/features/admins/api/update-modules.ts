import { adminRoutes } from '@bo/contract/admins';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /manage/updatemodules: replaces the admin's set of modules. */
export const updateModules = postCall(adminRoutes.updateModules);

export const useUpdateModules = () => useAdminsMutation(updateModules);
