import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/editchapter: rename; 409 on body.name when the name is taken. */
export const editChapter = postCall(curriculumRoutes.editChapter);

export const useEditChapter = () => useCurriculumMutation(editChapter);
