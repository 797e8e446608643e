import type { MediaKind, RouteQueryInput } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mediaKeys } from './media-keys.ts';

export type MediaQuery = RouteQueryInput<typeof mediaRoutes.filterVideos>;

/** GET /media/filtervideo or /media/filteraudio: one page, searched, filtered and sorted on the server. */
export const listMedia = (kind: MediaKind, query: MediaQuery, signal?: AbortSignal) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].filter], { query, signal });

export function useMediaList(kind: MediaKind, query: MediaQuery) {
  return useQuery({
    queryKey: mediaKeys.list(kind, query),
    queryFn: ({ signal }) => listMedia(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}
