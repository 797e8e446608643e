import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reordersubjects: every child of the parent, in the new order. */
export const reorderSubjects = postCall(curriculumRoutes.reorderSubjects);

export const useReorderSubjects = () => useCurriculumMutation(reorderSubjects);
