import { bulkEditRoutes } from '@bo/contract/bulk-edits';
import { postCall } from '../../../lib/api-client.ts';

/** POST /bulk-edits/questions: starts a bulk edit job; follow it with lib/bulk-edits.ts. */
export const bulkEditQuestions = postCall(bulkEditRoutes.bulkEditQuestions);
