import { adminRoutes } from '@bo/contract/admins';
import { postCall } from '../../../lib/api-client.ts';
import { useAdminsMutation } from './admin-keys.ts';

/** POST /manage/createadminuser: creates the admin and mails an invitation. */
export const createAdmin = postCall(adminRoutes.createAdmin);

export const useCreateAdmin = () => useAdminsMutation(createAdmin);
