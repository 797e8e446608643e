import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/editsubject: rename; 409 on body.name when the name is taken. */
export const editSubject = postCall(routes.editSubject);

export const useEditSubject = () => useCurriculumMutation(editSubject);
