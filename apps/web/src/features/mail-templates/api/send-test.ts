import { mailRoutes } from '@bo/contract/mail-routes';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /mail/testsendtemplate: the unsaved template mailed as a test to the admin or a few addresses. */
export const useSendTestMail = () =>
  useMutation({ mutationFn: postCall(mailRoutes.testSendTemplate) });
