import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useFreeMutation } from './free-keys.ts';

/** POST /promotional/addfreeisbn: a whole book free to every learner. */
export const addFreeIsbn = postCall(freeContentRoutes.addFreeIsbn);
export const useAddFreeIsbn = () => useFreeMutation(addFreeIsbn);
