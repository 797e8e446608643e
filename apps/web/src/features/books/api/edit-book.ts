import { bookRoutes } from '@bo/contract/books';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/editbook: ISBN, title, grade, subject, series, edition, language, status. */
export const editBook = postCall(bookRoutes.editBook);

export const useEditBook = () => useBooksMutation(editBook);
