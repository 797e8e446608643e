import { mediaRoutes } from '@bo/contract/media-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /media/listofvideos: library videos by title, for the promo form's picker. */
export function useVideoSearch(q: string) {
  const query = { page: 1, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: ['media', 'video', 'promo-picker', query],
    queryFn: ({ signal }) => apiCall(mediaRoutes.listVideos, { query, signal }),
  });
}
