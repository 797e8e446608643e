import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/addtopic: adds at the end; 409 on body.name when the name is taken. */
export const addTopic = postCall(routes.addTopic);

export const useAddTopic = () => useCurriculumMutation(addTopic);
