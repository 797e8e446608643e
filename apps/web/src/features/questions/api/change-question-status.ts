import { questionRoutes } from '@bo/contract/questions-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQuestionsMutation } from './question-keys.ts';

/** POST /questions/changequestionstatus: one status for several questions, all or none. */
export const changeQuestionStatus = postCall(questionRoutes.changeQuestionStatus);

export const useChangeQuestionStatus = () => useQuestionsMutation(changeQuestionStatus);
