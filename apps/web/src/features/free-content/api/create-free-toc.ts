import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useFreeMutation } from './free-keys.ts';

/** POST /promotional/createfreetoc: the sample becomes exactly the chosen nodes (none: cleared). */
export const createFreeToc = postCall(freeContentRoutes.createFreeToc);
export const useCreateFreeToc = () => useFreeMutation(createFreeToc);
