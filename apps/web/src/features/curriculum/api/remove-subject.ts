import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removesubject: 409 saying what uses it. */
export const removeSubject = postCall(curriculumRoutes.removeSubject);

export const useRemoveSubject = () => useCurriculumMutation(removeSubject);
