import type { BulkEditKind } from '@bo/contract';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { bookBulkEdit } from '../books/index.ts';
import { learnerBulkEdit } from '../learners/index.ts';
import { mediaBulkEdit } from '../media/index.ts';
import { qrCodeBulkEdit } from '../qr-codes/index.ts';
import { questionBulkEdit } from '../questions/index.ts';

/** Every kind a bulk edit can change: each defined beside its feature. */
export const BULK_EDIT_KIND_DEFS = {
  questions: questionBulkEdit,
  books: bookBulkEdit,
  qr_codes: qrCodeBulkEdit,
  media: mediaBulkEdit,
  learners: learnerBulkEdit,
} as unknown as Record<BulkEditKind, BulkEditKindDef>;
