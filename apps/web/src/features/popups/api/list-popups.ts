import type { RouteQueryInput } from '@bo/contract';
import { popupRoutes } from '@bo/contract/popups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { popupKeys } from './popup-keys.ts';

export type PopupListQuery = RouteQueryInput<typeof popupRoutes.listPopups>;

/** GET /user/getlistofpopup. */
export function usePopups(query: PopupListQuery) {
  return useQuery({
    queryKey: popupKeys.list(query),
    queryFn: ({ signal }) => apiCall(popupRoutes.listPopups, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
