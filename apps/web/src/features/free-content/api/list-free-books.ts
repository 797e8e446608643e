import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { freeKeys } from './free-keys.ts';

/** GET /promotional/listoffreeisbn: books free as a whole, newest first. */
export function useFreeBooks(page: number, q: string) {
  const query = { page, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: freeKeys.books(query),
    queryFn: ({ signal }) => apiCall(freeContentRoutes.listFreeIsbns, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
