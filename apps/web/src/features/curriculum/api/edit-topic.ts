import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/edittopic: rename; 409 on body.name when the name is taken. */
export const editTopic = postCall(routes.editTopic);

export const useEditTopic = () => useCurriculumMutation(editTopic);
