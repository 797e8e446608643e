import type { QrCodeBulkSet } from '@bo/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { mediaItems, qrCodes, tocNodes } from '../../db/schema/index.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { badRequest } from '../../lib/errors.ts';

const targetFail = (message: string) =>
  badRequest(message, [{ path: 'body.set.target.id', message }]);

/**
 * Printed codes in a bulk edit: enabled or disabled, and retargeted, all of
 * a book's codes or those picked. The retarget rules of a single code hold
 * for every row: a code printed in a book points at that book or at a TOC
 * node of it, a video's code at a video only. A scan served from another
 * process's cache sees the change within its TTL (qr-codes.scan-cache.ts),
 * as any write outside the QR-code routes.
 */
export const qrCodeBulkEdit: BulkEditKindDef<QrCodeBulkSet, { bookId: number }> = {
  kind: 'qr_codes',
  noun: { one: 'QR code', many: 'QR codes' },
  table: qrCodes,
  id: qrCodes.id,
  // The row's transaction id: every write changes it.
  version: sql`${qrCodes}.xmin::text`,
  columns: [qrCodes.enabled, qrCodes.targetKind, qrCodes.tocNodeId, qrCodes.videoId],
  where: (filter) => eq(qrCodes.bookId, filter.bookId),
  /** The target exists (the same for every row); whether it suits each code is per row. */
  async prepare(db, set, filter) {
    const target = set.target;
    if (target?.kind === 'video') {
      const [v] = await db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(and(eq(mediaItems.id, target.id), eq(mediaItems.kind, 'video')));
      if (!v) throw targetFail(`No video has ID ${target.id}`);
    }
    if (target?.kind === 'toc_node') {
      const [node] = await db
        .select({ bookId: tocNodes.bookId })
        .from(tocNodes)
        .where(eq(tocNodes.id, target.id));
      if (!node) throw targetFail(`No TOC node has ID ${target.id}`);
      if (filter && node.bookId !== filter.bookId)
        throw targetFail(`TOC node ${target.id} is not in this book`);
    }
    return set;
  },
  assignments(set) {
    const values: Record<string, SQL> = {};
    if (set.enabled !== undefined) values.enabled = sql`${set.enabled}::boolean`;
    if (set.target) {
      const { kind } = set.target;
      const id = 'id' in set.target ? set.target.id : null;
      values.target_kind = sql`${kind}::text`;
      values.toc_node_id = sql`${kind === 'toc_node' ? id : null}::bigint`;
      values.video_id = sql`${kind === 'video' ? id : null}::bigint`;
    }
    return values;
  },
  async refusals(tx, set, rows) {
    const target = set.target;
    if (!target || target.kind === 'video') return [];
    const refused: { id: number; message: string }[] = [];
    const videoCodes = await tx.execute<{ id: number }>(
      sql`select ${qrCodes.id} as id from ${qrCodes} where ${rows} and ${qrCodes.bookId} is null`,
    );
    for (const r of videoCodes.rows)
      refused.push({ id: Number(r.id), message: "A video's code can point at another video only" });
    if (target.kind === 'toc_node') {
      const elsewhere = await tx.execute<{ id: number }>(sql`
        select ${qrCodes.id} as id from ${qrCodes} where ${rows} and ${qrCodes.bookId} is distinct from
          (select n.book_id from toc_nodes n where n.id = ${target.id}) and ${qrCodes.bookId} is not null`);
      for (const r of elsewhere.rows)
        refused.push({
          id: Number(r.id),
          message: `No TOC node ${target.id} in this code's book`,
        });
    }
    return refused;
  },
  stamp: (by, now) => ({
    updated_at: sql`${now.toISOString()}::timestamptz`,
    updated_by: sql`${by}::bigint`,
  }),
  // The target a code had may be gone since (a node deleted, a video deleted).
  undoBlockers: [
    {
      when: sql`(r.before->>'toc_node_id') is not null and not exists (select 1 from toc_nodes n where n.id = (r.before->>'toc_node_id')::bigint)`,
      message: 'Its TOC node before the edit was deleted since: left as it is',
    },
    {
      when: sql`(r.before->>'video_id') is not null and not exists (select 1 from media_items m where m.id = (r.before->>'video_id')::bigint)`,
      message: 'Its video before the edit was deleted since: left as it is',
    },
  ],
  audit: { entity: 'qr_code', edited: 'qr_code_bulk_edited', undone: 'qr_code_bulk_undone' },
  describe: (set) => (set.target ? 'retargeted' : set.enabled ? 'enabled' : 'disabled'),
};
