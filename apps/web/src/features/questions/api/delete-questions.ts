import { questionRoutes } from '@bo/contract/questions-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQuestionsMutation } from './question-keys.ts';

/** POST /questions/deletequestions: all or none; 409 names what uses a question in use. */
export const deleteQuestions = postCall(questionRoutes.deleteQuestions);

export const useDeleteQuestions = () => useQuestionsMutation(deleteQuestions);
