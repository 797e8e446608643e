import type { MediaKind } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Where to look in the library: a master chapter, a subject, or everywhere (neither). */
export interface MediaScope {
  subjectId?: number | undefined;
  chapterId?: number | undefined;
}

/** GET /media/filtervideo or /media/filteraudio: the first matches by title within a scope, to attach one to a node. */
export function useMediaSearch(kind: MediaKind, q: string, scope: MediaScope) {
  return useQuery({
    queryKey: ['toc-media', kind, q, scope.subjectId ?? null, scope.chapterId ?? null],
    queryFn: ({ signal }) =>
      apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].filter], {
        query: { q: q || undefined, ...scope, page: 1, pageSize: 8 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
