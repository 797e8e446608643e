import type { QrCodeBulkSet } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import { qrCodes } from '../../db/schema/index.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';

/**
 * Printed codes in a bulk edit: enabled or disabled, all of a book's codes
 * or those picked. As with the single switch nothing else is checked; a
 * scan served from another process's cache sees the change within its TTL
 * (qr-codes.scan-cache.ts), as any write outside the QR-code routes.
 */
export const qrCodeBulkEdit: BulkEditKindDef<QrCodeBulkSet, { bookId: number }> = {
  kind: 'qr_codes',
  noun: { one: 'QR code', many: 'QR codes' },
  table: qrCodes,
  id: qrCodes.id,
  // The row's transaction id: every write changes it.
  version: sql`${qrCodes}.xmin::text`,
  columns: [qrCodes.enabled],
  where: (filter) => eq(qrCodes.bookId, filter.bookId),
  prepare: async (_db, set) => set,
  assignments: (set) => ({ enabled: sql`${set.enabled}::boolean` }),
  refusals: async () => [],
  stamp: (by, now) => ({
    updated_at: sql`${now.toISOString()}::timestamptz`,
    updated_by: sql`${by}::bigint`,
  }),
  audit: { entity: 'qr_code', edited: 'qr_code_bulk_edited', undone: 'qr_code_bulk_undone' },
  describe: (set) => (set.enabled ? 'enabled' : 'disabled'),
};
