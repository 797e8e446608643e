import type { AuditAction } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { bulkEdits } from '../../db/schema/index.ts';
import { type KindTable, tableOf } from './kind.ts';

export type BulkEditRow = typeof bulkEdits.$inferSelect;
/** A row refused or left alone: "question 12" and why. */
export type Note = { path: string; message: string };
/** Rows named in a result; more are counted, not listed. */
export const NOTES_MAX = 1000;
/** Rows per statement: big enough for set-based speed, small enough to report progress. */
export const BATCH = 5000;

/** One batch of a bulk edit's rows: ids in (after, last]. */
export interface Batch {
  size: number;
  /** The batch's rows of bulk_edit_rows, aliased `r`. */
  ofRows: SQL;
  /** The batch's rows of the kind's table. */
  ofTable(kind: KindTable): SQL;
}

/** Walks a bulk edit's rows in id order, BATCH at a time. */
export async function eachBatch(tx: Tx, bulkEditId: number, fn: (batch: Batch) => Promise<void>) {
  let after = 0;
  for (;;) {
    const res = await tx.execute<{ last: string | null; size: number }>(sql`
      select max(entity_id)::text as last, count(*)::int as size from (
        select entity_id from bulk_edit_rows
        where bulk_edit_id = ${bulkEditId} and entity_id > ${after}
        order by entity_id limit ${BATCH}) as b`);
    const { last, size } = res.rows[0] ?? { last: null, size: 0 };
    if (last === null || !size) return;
    const lo = after;
    const hi = Number(last);
    const ofRows = sql`r.bulk_edit_id = ${bulkEditId} and r.entity_id > ${lo} and r.entity_id <= ${hi}`;
    await fn({
      size: Number(size),
      ofRows,
      ofTable: (kind) =>
        sql`${kind.id} in (select r.entity_id from bulk_edit_rows r where ${ofRows})`,
    });
    after = hi;
  }
}

/**
 * One audit row per row of the batch that `rows` picks, set-based (an
 * INSERT … SELECT, not a statement per row), written as the bulk edit's
 * admin; the request id names the bulk edit.
 */
export async function auditRows(
  tx: Tx,
  kind: KindTable,
  edit: BulkEditRow,
  action: AuditAction | SQL,
  pick: { rows: SQL; before: SQL; after: SQL },
) {
  const table = tableOf(kind);
  await tx.execute(sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, request_id)
    select ${edit.byAdminId}, ${edit.byEmail}, ${action}, ${kind.audit.entity}, r.entity_id::text,
      ${pick.before}, ${pick.after}, ${`bulk-edit-${edit.id}`}
    from bulk_edit_rows r join ${table} on ${kind.id} = r.entity_id
    where ${pick.rows}`);
}
