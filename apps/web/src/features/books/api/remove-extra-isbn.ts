import { bookRoutes } from '@bo/contract/books';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/removeextraisbn: detach one extra ISBN. */
export const removeExtraIsbn = postCall(bookRoutes.removeExtraIsbn);

export const useRemoveExtraIsbn = () => useBooksMutation(removeExtraIsbn);
