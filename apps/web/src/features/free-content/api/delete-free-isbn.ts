import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useFreeMutation } from './free-keys.ts';

/** POST /promotional/deletefreeisbn: the book is no longer free as a whole. */
export const deleteFreeIsbn = postCall(freeContentRoutes.deleteFreeIsbn);
export const useDeleteFreeIsbn = () => useFreeMutation(deleteFreeIsbn);
