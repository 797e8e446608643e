import { freeContentRoutes } from '@bo/contract/free-content-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { freeKeys } from './free-keys.ts';

/** GET /promotional/listofpromotionaltoc: books with a free sample. */
export function useSampleBooks(page: number, q: string, pageSize = 20) {
  const query = { page, pageSize, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: freeKeys.samples(query),
    queryFn: ({ signal }) => apiCall(freeContentRoutes.listSampleBooks, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
