import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useBooksMutation } from './book-keys.ts';

/** POST /book/editbook: ISBN, title, grade, subject, series, edition, language, status. */
export const editBook = postCall(routes.editBook);

export const useEditBook = () => useBooksMutation(editBook);
