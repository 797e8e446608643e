import { reportSubscriptionRoutes } from '@bo/contract/report-subscriptions';
import { postCall } from '../api-client.ts';
import { useSubscriptionsMutation } from './subscription-keys.ts';

/** POST /report-subscriptions/delete. */
export const useDeleteSubscription = () =>
  useSubscriptionsMutation(postCall(reportSubscriptionRoutes.deleteReportSubscription));
