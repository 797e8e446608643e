import { type SavedViewList, savedViewRoutes } from '@bo/contract/saved-views';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { savedViewKeys } from './saved-view-keys.ts';

/** GET /saved-views: the admin's own views of a list and those shared with the team. */
export function useSavedViews(list: SavedViewList | null) {
  return useQuery({
    queryKey: savedViewKeys.list(list ?? ''),
    queryFn: ({ signal }) =>
      apiCall(savedViewRoutes.listSavedViews, { query: { list: list! }, signal }),
    enabled: list !== null,
  });
}
