import { reportSubscriptionRoutes } from '@bo/contract/report-subscriptions';
import { postCall } from '../api-client.ts';
import { useSubscriptionsMutation } from './subscription-keys.ts';

/** POST /report-subscriptions/create. */
export const useCreateSubscription = () =>
  useSubscriptionsMutation(postCall(reportSubscriptionRoutes.createReportSubscription));
