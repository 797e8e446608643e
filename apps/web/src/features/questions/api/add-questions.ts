import { questionRoutes } from '@bo/contract/questions-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQuestionsMutation } from './question-keys.ts';

/** POST /questions/addquestions: the editor adds one question at a time. */
export const addQuestions = postCall(questionRoutes.addQuestions);

export const useAddQuestions = () => useQuestionsMutation(addQuestions);
