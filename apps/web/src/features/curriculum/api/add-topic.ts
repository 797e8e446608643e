import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/addtopic: adds at the end; 409 on body.name when the name is taken. */
export const addTopic = postCall(curriculumRoutes.addTopic);

export const useAddTopic = () => useCurriculumMutation(addTopic);
