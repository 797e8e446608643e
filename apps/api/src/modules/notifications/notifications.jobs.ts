import type { Audience } from '@bo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { deliveries, notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { defineJob, type JobContext } from '../../jobs/job.ts';
import { audienceCondition, resolveAudience } from '../../lib/audience.ts';
import { insertDelivery, startDelivery } from '../../lib/delivery/ledger.ts';
import { findNotification, type NotificationRow } from './notifications.queries.ts';
import { pushProvider } from './push/provider.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'notifications.deliver': { notificationId: number };
  }
}

/**
 * Takes the notification for this job: scheduled → sending, only when the
 * row still names this job (an edit queued another one, a cancel left
 * `cancelled`). A run again after a crash finds it `sending` with its own job
 * id and carries on. Null: nothing to do (edited, cancelled, done).
 */
export async function claimNotification(
  deps: Deps,
  id: number,
  jobId: string,
): Promise<NotificationRow | null> {
  const [claimed] = await deps.db
    .update(notifications)
    .set({ state: 'sending', claimedAt: deps.clock() })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.state, 'scheduled'),
        eq(notifications.jobId, jobId),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const row = await findNotification(deps.db, id);
  return row?.state === 'sending' && row.jobId === jobId ? row : null;
}

/**
 * At the notification's time: its delivery (lib/delivery/, the source in
 * notifications.delivery.ts) is made in one transaction with the row naming
 * it: one inbox row per learner of the audience, one push row per learner
 * with a registered device (when a push provider is set), and the sending
 * job. A run again (after a crash) finds the delivery made and makes none.
 */
export async function deliverNotification(
  deps: Deps,
  id: number,
  ctx: Pick<JobContext, 'id' | 'attempt' | 'signal' | 'progress'>,
) {
  const row = await claimNotification(deps, id, ctx.id);
  if (!row)
    return { recipients: 0, skipped: 'The notification was changed or cancelled before its time' };
  if (row.deliveryId) return { recipients: row.recipientCount, deliveryId: row.deliveryId };
  const { audience } = await resolveAudience(deps.db, row.audience as Audience);
  const learners = sql`select learners.id as learner_id from learners
    where ${audienceCondition(audience, deps.clock())}`;
  const queued = (extra = sql``) =>
    sql`select a.learner_id, null::text, null::text, 'queued', null::text from (${learners}) a ${extra}`;
  const deliveryId = await deps.db.transaction(async (tx): Promise<number | null> => {
    const made = await insertDelivery(tx, 'notification');
    const fills = [{ channel: 'inbox', rows: queued() }];
    if (pushProvider(deps.config))
      fills.push({
        channel: 'push',
        rows: queued(
          sql`where exists (select 1 from learner_push_tokens t where t.learner_id = a.learner_id)`,
        ),
      });
    // Still sending (a cancel meanwhile left it `cancelled`): otherwise nothing is made.
    const [ours] = await tx
      .update(notifications)
      .set({ deliveryId: made })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.jobId, ctx.id),
          eq(notifications.state, 'sending'),
        ),
      )
      .returning({ id: notifications.id });
    if (!ours) {
      await tx.delete(deliveries).where(eq(deliveries.id, made));
      return null;
    }
    await startDelivery(deps, tx, made, {
      lane: 'delivery.send',
      fills,
      ratePerMinute: row.ratePerMinute,
    });
    return made;
  });
  if (!deliveryId) return { recipients: 0, skipped: 'The notification was cancelled' };
  return { recipients: row.recipientCount, deliveryId };
}

/**
 * Idempotent: the claim lets one job (the row's own) deliver, and the
 * delivery is made once (the row names it). Sending is the delivery
 * engine's; a run cut short is run again.
 */
export const notificationDeliverJob = defineJob({
  kind: 'notifications.deliver',
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 600,
  concurrency: 1,
  pollSeconds: 2,
  run: (data, ctx) => deliverNotification(ctx.deps, data.notificationId, ctx),
});
