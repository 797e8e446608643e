import { PAGE_SIZE_MAX } from '@bo/contract/common';
import { promoVideoRoutes } from '@bo/contract/promo-videos-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { promoKeys } from './promo-keys.ts';

/** GET /promotional/listofpromovideo: the shelf in its order (one page: ordering needs them all). */
export function usePromoVideos() {
  const query = { page: 1, pageSize: PAGE_SIZE_MAX };
  return useQuery({
    queryKey: promoKeys.list(query),
    queryFn: ({ signal }) => apiCall(promoVideoRoutes.listPromoVideos, { query, signal }),
  });
}
