import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/addsubject: adds at the end; 409 on body.name when the name is taken. */
export const addSubject = postCall(routes.addSubject);

export const useAddSubject = () => useCurriculumMutation(addSubject);
