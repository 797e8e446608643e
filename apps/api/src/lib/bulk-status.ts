import type { AuditAction, AuditEntity } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { markUnchanged, recordAudit } from './audit-record.ts';
import { notFound } from './errors.ts';
import type { RequestContext } from './request-context.ts';

/**
 * The one "set the status of many rows at once" mechanism (books,
 * questions), from a list's bulk action: all the rows or none. The rows are
 * locked in id order (two bulk calls never wait on each other crosswise);
 * an id that is not there refuses the whole call (404 naming every such
 * id). Each row written gets the status, the stamp and an audit row
 * `{ before: { status }, after: { status } }`. Answers how many rows were
 * written. The caller runs it inside its transaction.
 *
 * The one choice a caller makes, explicitly: `unchanged`. 'skip' leaves a
 * row already at the status alone (no write, no audit; a call that changes
 * nothing is marked unchanged) and counts only the rows that changed;
 * 'rewrite' writes, audits and counts every row, also one already there.
 */
export async function changeStatus(
  tx: Tx,
  ctx: RequestContext,
  change: {
    table: PgTable;
    id: AnyPgColumn;
    /** The table's `status` column. */
    status: AnyPgColumn;
    ids: number[];
    to: string;
    /** For the 404: "Book" names "Book 7" and "Books 7, 9". */
    noun: string;
    unchanged: 'skip' | 'rewrite';
    /** Other columns to set on every row written (updatedAt, updatedBy, a revision). */
    stamp: Record<string, unknown>;
    audit: { action: AuditAction; entity: AuditEntity };
    /** Runs after the rows are written, before their audit rows (a revision each). */
    written?: (ids: number[]) => Promise<unknown>;
  },
): Promise<number> {
  const rows = (await tx
    .select({ id: change.id, status: change.status })
    .from(change.table)
    .where(inArray(change.id, change.ids))
    .orderBy(change.id)
    .for('update')) as { id: number; status: string }[];
  const found = new Set(rows.map((r) => r.id));
  const missing = change.ids.filter((id) => !found.has(id));
  if (missing.length)
    throw notFound(`${change.noun}${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`);
  const writing = change.unchanged === 'skip' ? rows.filter((r) => r.status !== change.to) : rows;
  if (!writing.length) {
    markUnchanged(ctx);
    return 0;
  }
  const ids = writing.map((r) => r.id);
  await tx
    .update(change.table)
    .set({ status: change.to, ...change.stamp })
    .where(inArray(change.id, ids));
  await change.written?.(ids);
  for (const r of writing)
    await recordAudit(tx, ctx, {
      ...change.audit,
      entityId: r.id,
      before: { status: r.status },
      after: { status: change.to },
    });
  return writing.length;
}
