import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removechapter: 409 saying what uses it. */
export const removeChapter = postCall(routes.removeChapter);

export const useRemoveChapter = () => useCurriculumMutation(removeChapter);
