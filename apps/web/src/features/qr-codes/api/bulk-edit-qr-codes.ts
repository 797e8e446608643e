import { bulkEditRoutes } from '@bo/contract/bulk-edits';
import { postCall } from '../../../lib/api-client.ts';

/** POST /bulk-edits/qr-codes: starts a bulk edit job; follow it with lib/bulk-edits.ts. */
export const bulkEditQrCodes = postCall(bulkEditRoutes.bulkEditQrCodes);
