import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * The one "set the order of a parent's children" mechanism (curriculum
 * levels, a TOC node's content): the client sends every child's id in the
 * new order; anything else means someone changed the list meanwhile, so it
 * is refused (409) rather than half-applied. Positions become base, base+1,
 * … in one UPDATE. The caller locks the parent first and passes its
 * children as they are now.
 */
export async function applyOrder(
  tx: Tx,
  order: {
    table: PgTable;
    id: AnyPgColumn;
    /** The children's current ids (read under the parent's lock). */
    current: number[];
    /** The same ids in their new order. */
    ids: number[];
    /** Whether positions count from 0 or 1 in this table. */
    base: 0 | 1;
    /** What changed, for the 409: "The subjects of this grade have changed". */
    changed: string;
    /** The list's field in the 409's details. */
    field: string;
    noun: string;
    /** Other columns to set on every row (updatedAt, updatedBy). */
    stamp: Record<string, unknown>;
    /**
     * The children's current positions, when known: rows already at their
     * new position are then not written (one drag in a list of 500 writes
     * the few rows that moved, not 500).
     */
    positions?: ReadonlyMap<number, number>;
  },
) {
  const wanted = new Set(order.ids);
  if (order.current.length !== order.ids.length || order.current.some((id) => !wanted.has(id))) {
    throw new AppError(409, 'conflict', `${order.changed}; reload and try again`, [
      { path: order.field, message: `Give every ${order.noun} once` },
    ]);
  }
  await writePositions(
    tx,
    order,
    order.ids.map((id, i) => [id, i + order.base] as const),
  );
}

/**
 * Sets each row's `position` to its wanted one in one UPDATE, skipping the
 * rows `positions` says are already there: the writing half of
 * `applyOrder`, and of moves that renumber two lists at once (a TOC node
 * taken from one parent to another).
 */
export async function writePositions(
  tx: Tx,
  target: {
    table: PgTable;
    id: AnyPgColumn;
    stamp: Record<string, unknown>;
    positions?: ReadonlyMap<number, number>;
  },
  wanted: readonly (readonly [id: number, position: number])[],
) {
  const moved = wanted.filter(([id, at]) => target.positions?.get(id) !== at);
  if (!moved.length) return;
  const position: SQL = sql.join(
    [
      sql`case ${target.id}`,
      ...moved.map(([id, at]) => sql`when ${id} then ${sql.raw(String(at))}`),
      sql`end`,
    ],
    sql` `,
  );
  await tx
    .update(target.table)
    .set({ position: sql`${position}`, ...target.stamp })
    .where(
      inArray(
        target.id,
        moved.map(([id]) => id),
      ),
    );
}
