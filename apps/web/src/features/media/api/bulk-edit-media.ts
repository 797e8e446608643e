import { bulkEditRoutes } from '@bo/contract/bulk-edits';
import { postCall } from '../../../lib/api-client.ts';

/** POST /bulk-edits/media: starts a re-file or move job; follow it with lib/bulk-edits.ts. */
export const bulkEditMedia = postCall(bulkEditRoutes.bulkEditMedia);
