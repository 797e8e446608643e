import { bookRoutes } from '@bo/contract/books';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/appendmultipleisbn: attach extra ISBNs; the book's own are reported back. */
export const appendIsbns = postCall(bookRoutes.appendIsbns);

export const useAppendIsbns = () => useBooksMutation(appendIsbns);
