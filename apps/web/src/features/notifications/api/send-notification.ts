import { notificationRoutes } from '@bo/contract/notifications';
import { postCall } from '../../../lib/api-client.ts';
import { useNotificationsMutation } from './notification-keys.ts';

/** POST /notification/send: now, at a time, or a draft. */
export const useSendNotification = () =>
  useNotificationsMutation(postCall(notificationRoutes.sendNotification));
