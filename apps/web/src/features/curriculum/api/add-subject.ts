import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/addsubject: adds at the end; 409 on body.name when the name is taken. */
export const addSubject = postCall(curriculumRoutes.addSubject);

export const useAddSubject = () => useCurriculumMutation(addSubject);
