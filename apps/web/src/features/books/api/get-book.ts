import { routes } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** GET /book/getbook: one book with its extra ISBNs. */
export const getBook = (id: number, signal?: AbortSignal) =>
  apiCall(routes.getBook, { query: { id }, signal });

export function useBook(id: number) {
  return useQuery({ queryKey: bookKeys.one(id), queryFn: ({ signal }) => getBook(id, signal) });
}
