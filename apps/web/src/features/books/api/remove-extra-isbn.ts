import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/removeextraisbn: detach one extra ISBN. */
export const removeExtraIsbn = postCall(routes.removeExtraIsbn);

export const useRemoveExtraIsbn = () => useBooksMutation(removeExtraIsbn);
