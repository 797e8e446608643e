import type { MediaKind } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mediaKeys } from './media-keys.ts';

/** GET /media/getvideobyid or /media/getaudiobyid: the item with a freshly signed play link. */
export const getMedia = (kind: MediaKind, id: number, signal?: AbortSignal) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].get], { query: { id }, signal });

export function useMedia(kind: MediaKind, id: number | null) {
  return useQuery({
    queryKey: mediaKeys.one(kind, id ?? 0),
    queryFn: ({ signal }) => getMedia(kind, id!, signal),
    enabled: Boolean(id),
    // The play link is signed for 2 hours: refetch well before.
    staleTime: 30 * 60_000,
  });
}
