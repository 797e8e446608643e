import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { DeliveryLane } from './ledger.ts';
import type { DeliverySource } from './types.ts';

/**
 * How a delivery's run ends (engine.ts): done, failed as a whole, or handed
 * over to a continuation. Each takes the lease back in the same transaction
 * as its other writes, and only while this run holds it.
 */

export interface Run {
  deps: Deps;
  deliveryId: number;
  /** The job's id: the lease's owner. */
  me: string;
  source: DeliverySource;
  kind: string;
}

/**
 * Every channel is through: the delivery is done (and its source told)
 * unless rows came back to the queue meanwhile ("send the failed again"),
 * which a continuation then sends.
 */
export async function finish(run: Run) {
  const { deps, deliveryId, me, source } = run;
  return deps.db.transaction(async (tx) => {
    const done = (
      await tx.execute(sql`update deliveries set status = 'done', finished_at = now(), lease_owner = null,
          lease_until = null, updated_at = now()
        where id = ${deliveryId} and lease_owner = ${me} and status = 'sending'
          and not exists (select 1 from delivery_recipients
            where delivery_id = ${deliveryId} and state in ('queued', 'sending'))
        returning id`)
    ).rows;
    if (done.length) {
      await source.ended?.(deps, tx, deliveryId, null);
      return { done: true };
    }
    const [left] = (
      await tx.execute<{
        status: string;
      }>(sql`update deliveries set lease_owner = null, lease_until = null
        where id = ${deliveryId} and lease_owner = ${me} returning status`)
    ).rows;
    if (left?.status !== 'sending') return { stopped: left?.status ?? 'lost' };
    await deps.jobs.enqueue(tx, run.kind as DeliveryLane, { deliveryId });
    return { continued: true };
  });
}

/**
 * The message cannot go out to anyone: the delivery ends `failed` with the
 * reason, every row not yet sent skipped with it, the lease handed back, and
 * the job ends (no retry would fix it).
 */
export async function fail(run: Run, reason: string) {
  const { deps, deliveryId, me, source } = run;
  deps.log.warn({ deliveryId, reason }, 'delivery: failed as a whole');
  await deps.db.transaction(async (tx) => {
    const ours = (
      await tx.execute(sql`update deliveries set status = 'failed', failure_reason = ${reason},
          finished_at = now(), lease_owner = null, lease_until = null, updated_at = now()
        where id = ${deliveryId} and lease_owner = ${me} returning id`)
    ).rows;
    if (!ours.length) return;
    await tx.execute(sql`update delivery_recipients set state = 'skipped', reason = ${`failed: ${reason}`.slice(0, 500)}
      where delivery_id = ${deliveryId} and state in ('queued', 'sending')`);
    await source.ended?.(deps, tx, deliveryId, reason);
  });
  return { failed: reason };
}

/** Ends this run: the lease handed back and the continuation queued, in one transaction. */
export async function handOver(run: Run, afterSeconds: number) {
  const { deps, deliveryId, me } = run;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update deliveries set lease_owner = null, lease_until = null
      where id = ${deliveryId} and lease_owner = ${me}`);
    await deps.jobs.enqueue(
      tx,
      run.kind as DeliveryLane,
      { deliveryId },
      { startAfterSeconds: afterSeconds },
    );
  });
  return { continued: true };
}
