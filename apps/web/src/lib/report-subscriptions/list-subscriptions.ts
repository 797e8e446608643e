import { reportSubscriptionRoutes } from '@bo/contract/report-subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** GET /report-subscriptions: the admin's own, next mail first. */
export const useMySubscriptions = () =>
  useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: ({ signal }) => apiCall(reportSubscriptionRoutes.listReportSubscriptions, { signal }),
  });
