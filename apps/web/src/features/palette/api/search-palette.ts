import { PALETTE_MIN_QUERY, searchRoutes } from '@bo/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Results per kind: enough to pick from, few enough for each query to stay on its index. */
const PER_KIND = 5;

/** GET /search/palette: the palette's results, grouped by kind, of the kinds this admin may open. */
export const searchPalette = (q: string, signal?: AbortSignal) =>
  apiCall(searchRoutes.searchPalette, { query: { q, limit: PER_KIND }, signal });

/**
 * The palette's search for an already debounced `q`; a query shorter than
 * the contract's minimum asks nothing. The previous answer stays on screen
 * while the next one loads, so the list does not flash empty between keys.
 */
export function usePaletteSearch(q: string) {
  const enabled = q.length >= PALETTE_MIN_QUERY;
  const query = useQuery({
    queryKey: ['palette', q],
    queryFn: ({ signal }) => searchPalette(q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { ...query, enabled };
}
