import { notificationRoutes } from '@bo/contract/notifications';
import { postCall } from '../../../lib/api-client.ts';
import { useNotificationsMutation } from './notification-keys.ts';

/** POST /notification/cancelnotification: 409 with the reason once delivery started. */
export const useCancelNotification = () =>
  useNotificationsMutation(postCall(notificationRoutes.cancelNotification));
