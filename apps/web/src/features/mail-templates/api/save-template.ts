import { mailRoutes } from '@bo/contract/mail-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTemplatesMutation } from './template-keys.ts';

/** POST /mail/createtemplate and /mail/edittemplate. */
export const useCreateTemplate = () => useTemplatesMutation(postCall(mailRoutes.createTemplate));
export const useEditTemplate = () => useTemplatesMutation(postCall(mailRoutes.editTemplate));
