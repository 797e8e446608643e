import { mailRoutes } from '@bo/contract/mail-routes';
import { useMutation } from '@tanstack/react-query';
import { postCall } from '../../../lib/api-client.ts';

/** POST /mail/previewtemplate: the unsaved template filled with sample or a learner's values. */
export const usePreviewTemplate = () =>
  useMutation({ mutationFn: postCall(mailRoutes.previewTemplate) });
