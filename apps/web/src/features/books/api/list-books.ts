import type { RouteQueryInput } from '@bo/contract';
import { bookListQuery, bookRoutes } from '@bo/contract/books';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import type { ScreenPrefetch } from '../../../lib/screen-prefetch.ts';
import { parseSearchParams } from '../../../lib/search-params.ts';
import { bookKeys } from './book-keys.ts';

export type BookListQuery = RouteQueryInput<typeof bookRoutes.listBooks>;

/** GET /book/getisbn: one page of books, searched, filtered and sorted on the server. */
export const listBooks = (query: BookListQuery, signal?: AbortSignal) =>
  apiCall(bookRoutes.listBooks, { query, signal });

const booksQuery = (query: BookListQuery) =>
  queryOptions({
    queryKey: bookKeys.list(query),
    queryFn: ({ signal }) => listBooks(query, signal),
  });

export function useBooks(query: BookListQuery) {
  return useQuery({ ...booksQuery(query), placeholderData: keepPreviousData });
}

/** The page the list will show (its filters are the address's), asked for with its route. */
export const prefetchBooks: ScreenPrefetch = (prefetch, _params, search) =>
  prefetch(booksQuery(parseSearchParams(bookListQuery, search)));
