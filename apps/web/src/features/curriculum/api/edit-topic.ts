import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/edittopic: rename; 409 on body.name when the name is taken. */
export const editTopic = postCall(curriculumRoutes.editTopic);

export const useEditTopic = () => useCurriculumMutation(editTopic);
