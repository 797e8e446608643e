import { MEDIA_ROUTE_NAMES, type MediaKind, routes } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /media/filtervideo or /media/filteraudio: the first matches by title, to attach one to a node. */
export function useMediaSearch(kind: MediaKind, q: string) {
  return useQuery({
    queryKey: ['toc-media', kind, q],
    queryFn: ({ signal }) =>
      apiCall(routes[MEDIA_ROUTE_NAMES[kind].filter], {
        query: { q: q || undefined, page: 1, pageSize: 8 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
