import type { RouteQueryInput } from '@bo/contract';
import { bookRoutes } from '@bo/contract/books';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

export type BookListQuery = RouteQueryInput<typeof bookRoutes.listBooks>;

/** GET /book/getisbn: one page of books, searched, filtered and sorted on the server. */
export const listBooks = (query: BookListQuery, signal?: AbortSignal) =>
  apiCall(bookRoutes.listBooks, { query, signal });

export function useBooks(query: BookListQuery) {
  return useQuery({
    queryKey: bookKeys.list(query),
    queryFn: ({ signal }) => listBooks(query, signal),
    placeholderData: keepPreviousData,
  });
}
