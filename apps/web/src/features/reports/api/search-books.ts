import { bookRoutes } from '@bo/contract/books';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /book/getisbn: books by title or ISBN, to pick the books a report is about. */
export function useBookSearch(q: string) {
  const query = { page: 1, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: ['books', 'report-picker', query],
    queryFn: ({ signal }) => apiCall(bookRoutes.listBooks, { query, signal }),
  });
}
