import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useFreeMutation } from './free-keys.ts';

/** POST /promotional/updatefreecontentstatus: one node's free sample on or off. */
export const updateFreeNode = postCall(freeContentRoutes.updateFreeContentStatus);
export const useUpdateFreeNode = () => useFreeMutation(updateFreeNode);
