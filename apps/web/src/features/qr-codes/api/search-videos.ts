import { mediaRoutes } from '@bo/contract/media-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /media/listofvideos: videos by title, to make a code for one or to point a code at it. */
export function useVideoSearch(q: string) {
  const query = { page: 1, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: ['media', 'video', 'qr-picker', query],
    queryFn: ({ signal }) => apiCall(mediaRoutes.listVideos, { query, signal }),
  });
}
