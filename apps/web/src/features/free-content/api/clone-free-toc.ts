import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useFreeMutation } from './free-keys.ts';

/** POST /promotional/createfreetocorclone: copies another book's sample onto this one. */
export const cloneFreeToc = postCall(freeContentRoutes.cloneFreeToc);
export const useCloneFreeToc = () => useFreeMutation(cloneFreeToc);
