import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reorderchapters: every child of the parent, in the new order. */
export const reorderChapters = postCall(routes.reorderChapters);

export const useReorderChapters = () => useCurriculumMutation(reorderChapters);
