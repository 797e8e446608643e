import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removesubject: 409 saying what uses it. */
export const removeSubject = postCall(routes.removeSubject);

export const useRemoveSubject = () => useCurriculumMutation(removeSubject);
