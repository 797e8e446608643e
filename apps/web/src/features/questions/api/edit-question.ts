import { questionRoutes } from '@bo/contract/questions-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQuestionsMutation } from './question-keys.ts';

/** POST /questions/editquestion: saves a new revision; 409 when it changed since `revision`. */
export const editQuestion = postCall(questionRoutes.editQuestion);

export const useEditQuestion = () => useQuestionsMutation(editQuestion);
