import { bookRoutes } from '@bo/contract/books';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** GET /book/getbook: one book with its extra ISBNs. */
export const getBook = (id: number, signal?: AbortSignal) =>
  apiCall(bookRoutes.getBook, { query: { id }, signal });

/** `id` null (an address that names no book) asks nothing. */
export function useBook(id: number | null) {
  return useQuery({
    queryKey: bookKeys.one(id ?? 0),
    queryFn: ({ signal }) => getBook(id ?? 0, signal),
    enabled: id !== null,
  });
}
