import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/addchapter: adds at the end; 409 on body.name when the name is taken. */
export const addChapter = postCall(curriculumRoutes.addChapter);

export const useAddChapter = () => useCurriculumMutation(addChapter);
