import { bookRoutes } from '@bo/contract/books';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/changebookstatus: one status for several books, all or none. */
export const changeBookStatus = postCall(bookRoutes.changeBookStatus);

export const useChangeBookStatus = () => useBooksMutation(changeBookStatus);
