import type { RouteQueryInput } from '@bo/contract';
import { notificationRoutes } from '@bo/contract/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export type NotificationListQuery = RouteQueryInput<typeof notificationRoutes.listNotifications>;

/** GET /notification/listofnotification; polled while one is being sent or paused, for its figures. */
export function useNotifications(query: NotificationListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => apiCall(notificationRoutes.listNotifications, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some(
        (n) =>
          n.state === 'sending' ||
          n.state === 'paused' ||
          (n.state === 'scheduled' && n.sendAt && Date.parse(n.sendAt) < Date.now() + 60_000),
      )
        ? 2000
        : false,
  });
}
