import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reordertopics: every child of the parent, in the new order. */
export const reorderTopics = postCall(curriculumRoutes.reorderTopics);

export const useReorderTopics = () => useCurriculumMutation(reorderTopics);
