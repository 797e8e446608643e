import { learnerRoutes } from '@bo/contract/learners-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useLearnersMutation } from './learner-keys.ts';

/** POST /user/resetuserdevice: clears a learner's device binding, with a reason. */
export const resetDevice = postCall(learnerRoutes.resetUserDevice);
export const useResetDevice = () => useLearnersMutation(resetDevice);
