import { notificationRoutes } from '@bo/contract/notifications';
import { postCall } from '../../../lib/api-client.ts';
import { useNotificationsMutation } from './notification-keys.ts';

/**
 * POST /notification/notificationstate: pause, resume or cancel (a draft,
 * a scheduled one, or one being sent); 409 with the reason when it does not apply.
 */
export const useNotificationAction = () =>
  useNotificationsMutation(postCall(notificationRoutes.notificationAction));
