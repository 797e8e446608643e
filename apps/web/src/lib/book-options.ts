import { bookRoutes } from '@bo/contract/books';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';

/** GET /book/getisbn: the first 100 books matching `q` (title or ISBN), for a select. */
export function useBookOptions(q: string) {
  return useQuery({
    queryKey: ['books', 'options', q],
    queryFn: ({ signal }) =>
      apiCall(bookRoutes.listBooks, { query: { q: q || undefined, pageSize: 100 }, signal }),
  });
}
