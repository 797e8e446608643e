import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { freeKeys } from './free-keys.ts';

/** GET /promotional/getfreetocbyisbn: the book's TOC with its free flags. */
export function useFreeToc(isbn: string) {
  return useQuery({
    queryKey: freeKeys.toc(isbn),
    queryFn: ({ signal }) => apiCall(freeContentRoutes.getFreeToc, { query: { isbn }, signal }),
    enabled: isbn !== '',
    retry: false,
  });
}
