import { routes } from '@bo/contract';
import { postCall } from '../../../lib/api-client.ts';
import { useCurriculumMutation } from '../../../lib/curriculum/curriculum-keys.ts';

/** POST /book/removetopic: 409 saying what uses it. */
export const removeTopic = postCall(routes.removeTopic);

export const useRemoveTopic = () => useCurriculumMutation(removeTopic);
