import { questionRoutes } from '@bo/contract/questions-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQuestionsMutation } from './question-keys.ts';

/** POST /questions/restorerevision: an earlier revision saved again as the newest. */
export const restoreRevision = postCall(questionRoutes.restoreRevision);

export const useRestoreRevision = () => useQuestionsMutation(restoreRevision);
