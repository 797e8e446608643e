import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removechapter: 409 saying what uses it. */
export const removeChapter = postCall(curriculumRoutes.removeChapter);

export const useRemoveChapter = () => useCurriculumMutation(removeChapter);
