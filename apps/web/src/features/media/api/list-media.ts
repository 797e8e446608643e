import { MEDIA_ROUTE_NAMES, type MediaKind, type RouteQueryInput, routes } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mediaKeys } from './media-keys.ts';

export type MediaQuery = RouteQueryInput<typeof routes.filterVideos>;

/** GET /media/filtervideo or /media/filteraudio: one page, searched, filtered and sorted on the server. */
export const listMedia = (kind: MediaKind, query: MediaQuery, signal?: AbortSignal) =>
  apiCall(routes[MEDIA_ROUTE_NAMES[kind].filter], { query, signal });

export function useMediaList(kind: MediaKind, query: MediaQuery) {
  return useQuery({
    queryKey: mediaKeys.list(kind, query),
    queryFn: ({ signal }) => listMedia(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}
