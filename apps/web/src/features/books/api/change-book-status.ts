import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/changebookstatus: one status for several books, all or none. */
export const changeBookStatus = postCall(routes.changeBookStatus);

export const useChangeBookStatus = () => useBooksMutation(changeBookStatus);
