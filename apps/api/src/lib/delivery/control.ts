import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { DeliveryStatus } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../errors.ts';
import type { DeliveryLane } from './ledger.ts';

/** Pause, resume, cancel, send the failed again: a delivery's status changed under its row lock. */

export type DeliveryAction = 'pause' | 'resume' | 'cancel' | 'retry_failed';

const ACTIONS = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['sending', 'paused'], to: 'cancelled' },
  retry_failed: { from: ['sending', 'paused', 'done'], to: 'sending' },
} as const;

const VERBS = {
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
  retry_failed: 'sent again',
};
const STATUS_WORDS = {
  sending: 'sending',
  paused: 'paused',
  cancelled: 'cancelled',
  done: 'finished',
  failed: 'failed',
};

/**
 * Applies the action in the caller's transaction and answers the status it
 * had; a status the action does not apply to answers 409 naming both (`noun`
 * names the delivery to the reader: "mailer").
 */
export async function changeDelivery(
  deps: Pick<Deps, 'jobs'>,
  tx: Tx,
  deliveryId: number,
  action: DeliveryAction,
  opts: { noun: string; lane: DeliveryLane; by: number | null },
): Promise<DeliveryStatus> {
  const rule = ACTIONS[action];
  const [before] = (
    await tx.execute<{ status: DeliveryStatus }>(
      sql`select status from deliveries where id = ${deliveryId} for update`,
    )
  ).rows;
  if (!before) throw notFound(opts.noun.replace(/^./, (c) => c.toUpperCase()));
  if (!(rule.from as readonly string[]).includes(before.status))
    throw conflict(
      `This ${opts.noun} is ${STATUS_WORDS[before.status]}: it cannot be ${VERBS[action]}`,
    );
  if (action === 'retry_failed') {
    const [again] = (
      await tx.execute<{
        n: number;
      }>(sql`with a as (update delivery_recipients set state = 'queued', reason = null
        where delivery_id = ${deliveryId} and state = 'failed' returning 1) select count(*)::int as n from a`)
    ).rows;
    if (!again?.n)
      throw conflict(`No recipient of this ${opts.noun} failed: there is nothing to send again`);
  }
  // Rows in flight too: a run that died mid-batch left them `sending` with
  // nobody to finish them. A message that did go out is still recorded as
  // sent (ledger.ts, writeOutcomes).
  if (action === 'cancel')
    await tx.execute(sql`update delivery_recipients set state = 'skipped', reason = 'cancelled'
      where delivery_id = ${deliveryId} and state in ('queued', 'sending')`);
  await tx.execute(sql`update deliveries set status = ${rule.to}, updated_at = now(),
      finished_at = ${rule.to === 'cancelled' ? sql`now()` : rule.to === 'sending' ? sql`null` : sql`finished_at`}
    where id = ${deliveryId}`);
  if (rule.to === 'sending')
    await deps.jobs.enqueue(tx, opts.lane, { deliveryId }, { by: opts.by });
  return before.status;
}
