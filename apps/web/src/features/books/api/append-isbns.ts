import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/appendmultipleisbn: attach extra ISBNs; the book's own are reported back. */
export const appendIsbns = postCall(routes.appendIsbns);

export const useAppendIsbns = () => useBooksMutation(appendIsbns);
