import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reorderchapters: every child of the parent, in the new order. */
export const reorderChapters = postCall(curriculumRoutes.reorderChapters);

export const useReorderChapters = () => useCurriculumMutation(reorderChapters);
