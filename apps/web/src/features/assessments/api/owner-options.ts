import { bookRoutes } from '@bo/contract/books';
import { mediaRoutes } from '@bo/contract/media-routes';
import { tocRoutes } from '@bo/contract/toc-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * What an assessment can belong to, for the filters and the "New" dialog:
 * books (by title), a book's TOC, videos of the media library. Searched on
 * the server; the first page of 50 is what a select offers.
 */
export function useBookOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: ['assessments', 'owners', 'books', q],
    queryFn: ({ signal }) =>
      apiCall(bookRoutes.listBooks, { query: { q: q || undefined, pageSize: 50 }, signal }),
    enabled,
  });
}

export function useBookToc(isbn: string | null) {
  return useQuery({
    queryKey: ['assessments', 'owners', 'toc', isbn],
    queryFn: ({ signal }) => apiCall(tocRoutes.getToc, { query: { isbn: isbn ?? '' }, signal }),
    enabled: !!isbn,
  });
}

export function useVideoOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: ['assessments', 'owners', 'videos', q],
    queryFn: ({ signal }) =>
      apiCall(mediaRoutes.filterVideos, { query: { q: q || undefined, pageSize: 50 }, signal }),
    enabled,
  });
}
