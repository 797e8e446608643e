import { bulkEditRoutes } from '@bo/contract/bulk-edits';
import { postCall } from '../../../lib/api-client.ts';

/** POST /bulk-edits/learners: starts a block or unblock job; follow it with lib/bulk-edits.ts. */
export const bulkEditLearners = postCall(bulkEditRoutes.bulkEditLearners);
