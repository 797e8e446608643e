import { mailRoutes } from '@bo/contract/mail-routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { mailerKeys, useMailersMutation } from './mailer-keys.ts';

/** The templates to choose from (the first 100, by name). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: mailerKeys.templates,
    queryFn: ({ signal }) =>
      apiCall(mailRoutes.listTemplates, { query: { pageSize: 100, sort: 'name' }, signal }),
  });
}

/** GET /mail/template: the chosen template's HTML, for the preview. */
export const getTemplate = (id: number) => apiCall(mailRoutes.getTemplate, { query: { id } });

/** POST /mail/previewmailer: the audience's count and who would be skipped. */
export const usePreviewMailer = () =>
  useMutation({ mutationFn: postCall(mailRoutes.previewMailer) });

/** POST /mail/previewtemplate: a saved template filled with sample values. */
export const useSamplePreview = () =>
  useMutation({ mutationFn: postCall(mailRoutes.previewTemplate) });

/** POST /mail/sendmailer (with the dialog's idempotency key). */
export const useSendMailer = () => useMailersMutation(postCall(mailRoutes.sendMailer));

/** POST /mail/mailerstate: pause, resume, cancel, retry the failed. */
export const useMailerAction = () => useMailersMutation(postCall(mailRoutes.mailerAction));
