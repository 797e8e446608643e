import { bookRoutes } from '@bo/contract/books';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/createbookcontent: a new book (ISBN-10 or -13, stored as ISBN-13). */
export const createBook = postCall(bookRoutes.createBook);

export const useCreateBook = () => useBooksMutation(createBook);
