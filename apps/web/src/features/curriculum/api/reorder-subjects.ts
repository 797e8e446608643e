import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/reordersubjects: every child of the parent, in the new order. */
export const reorderSubjects = postCall(routes.reorderSubjects);

export const useReorderSubjects = () => useCurriculumMutation(reorderSubjects);
