import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reordertopics: every child of the parent, in the new order. */
export const reorderTopics = postCall(routes.reorderTopics);

export const useReorderTopics = () => useCurriculumMutation(reorderTopics);
