import { tocRoutes } from '@bo/contract/toc-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /book/gettocbyisbn: the book's TOC, to choose nodes to code or to point a code at. */
export function useBookToc(isbn: string | undefined) {
  return useQuery({
    queryKey: ['toc', isbn, 'qr-picker'],
    queryFn: ({ signal }) => apiCall(tocRoutes.getToc, { query: { isbn: isbn! }, signal }),
    enabled: Boolean(isbn),
  });
}
