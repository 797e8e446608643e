import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removetopic: 409 saying what uses it. */
export const removeTopic = postCall(curriculumRoutes.removeTopic);

export const useRemoveTopic = () => useCurriculumMutation(removeTopic);
