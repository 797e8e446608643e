import { reportSubscriptionRoutes } from '@bo/contract/report-subscriptions';
import { postCall } from '../api-client.ts';
import { useSubscriptionsMutation } from './subscription-keys.ts';

/** POST /report-subscriptions/update: a new schedule or file format. */
export const useUpdateSubscription = () =>
  useSubscriptionsMutation(postCall(reportSubscriptionRoutes.updateReportSubscription));
