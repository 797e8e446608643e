import type { Audience } from '@bo/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  learnerInbox,
  learnerPushTokens,
  notificationPushResults,
  notifications,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { defineJob, type JobContext } from '../../jobs/job.ts';
import { forEachAudienceChunk, resolveAudience } from '../../lib/audience.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';
import { findNotification, type NotificationRow } from './notifications.queries.ts';
import { pushProvider } from './push/provider.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'notifications.deliver': { notificationId: number };
  }
}

/** Inbox rows written per statement: bounded statements at 100,000 learners. */
export const INBOX_CHUNK = 5000;
/** Push messages in flight at once. */
const PUSH_PARALLEL = 8;
const RETRIES = 3;

const affected = (r: unknown) => {
  const x = r as { rowCount?: number | null; affectedRows?: number };
  return Number(x.rowCount ?? x.affectedRows ?? 0);
};

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

/** Writes the audience's inbox rows (once each) and answers how many rows the notification has. */
export async function writeInbox(deps: Deps, row: NotificationRow): Promise<number> {
  const { audience } = await resolveAudience(deps.db, row.audience as Audience);
  await forEachAudienceChunk(deps.db, audience, deps.clock(), INBOX_CHUNK, async (chunk) =>
    affected(
      await deps.db.execute(sql`
        insert into ${learnerInbox} (notification_id, learner_id)
        select ${row.id}, c.learner_id from (${chunk}) c
        on conflict (learner_id, notification_id) do nothing`),
    ),
  );
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(learnerInbox)
    .where(eq(learnerInbox.notificationId, row.id));
  return Number(n?.n ?? 0);
}

/**
 * Pushes to every token of the recipients that has no answer yet for this
 * notification (a run again skips those done), keeps each answer, and drops
 * the tokens the provider calls dead.
 */
export async function pushToRecipients(deps: Deps, row: NotificationRow, signal?: AbortSignal) {
  const provider = pushProvider(deps.config);
  if (!provider) return { sent: null, failed: null };
  const tokens = await deps.db.execute(sql`
    select t.token, t.learner_id from ${learnerPushTokens} t
    join ${learnerInbox} i on i.learner_id = t.learner_id and i.notification_id = ${row.id}
    where not exists (select 1 from ${notificationPushResults} r
      where r.notification_id = ${row.id} and r.token = t.token and r.outcome <> 'failed')
    order by t.id`);
  const todo = (tokens as unknown as { rows: { token: string; learner_id: string }[] }).rows;
  const imageUrl = engagementImageUrl(deps, row.imageKey, true);
  const data: Record<string, string> = { notificationId: String(row.id) };
  if (row.link) data.link = row.link;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      signal?.throwIfAborted();
      const t = todo[next++]!;
      const result = await provider.send(
        { token: t.token, title: row.title, body: row.body, imageUrl, data },
        signal,
      );
      await deps.db
        .insert(notificationPushResults)
        .values({
          notificationId: row.id,
          learnerId: Number(t.learner_id),
          token: t.token,
          outcome: result.outcome,
          detail: result.detail,
        })
        .onConflictDoUpdate({
          target: [notificationPushResults.notificationId, notificationPushResults.token],
          set: { outcome: result.outcome, detail: result.detail, at: deps.clock() },
        });
      if (result.outcome === 'invalid')
        await deps.db.delete(learnerPushTokens).where(eq(learnerPushTokens.token, t.token));
    }
  };
  await Promise.all(Array.from({ length: PUSH_PARALLEL }, worker));
  const [counts] = await deps.db
    .select({
      sent: sql<number>`count(*) filter (where ${notificationPushResults.outcome} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${notificationPushResults.outcome} <> 'sent')::int`,
    })
    .from(notificationPushResults)
    .where(eq(notificationPushResults.notificationId, row.id));
  return { sent: Number(counts?.sent ?? 0), failed: Number(counts?.failed ?? 0) };
}

export async function deliverNotification(
  deps: Deps,
  id: number,
  ctx: Pick<JobContext, 'id' | 'attempt' | 'signal' | 'progress'>,
) {
  const row = await claimNotification(deps, id, ctx.id);
  if (!row)
    return { delivered: 0, skipped: 'The notification was changed or cancelled before its time' };
  try {
    await ctx.progress(10, 'Writing the in-app inbox');
    const delivered = await writeInbox(deps, row);
    await ctx.progress(60, `Inbox written for ${delivered} learners; pushing to their devices`);
    const push = await pushToRecipients(deps, row, ctx.signal);
    await deps.db
      .update(notifications)
      .set({
        state: 'sent',
        sentAt: deps.clock(),
        deliveredCount: delivered,
        pushSent: push.sent,
        pushFailed: push.failed,
      })
      .where(eq(notifications.id, id));
    return { delivered, pushSent: push.sent, pushFailed: push.failed };
  } catch (err) {
    // The last try: the notification says it failed, with the reason.
    if (ctx.attempt > RETRIES)
      await deps.db
        .update(notifications)
        .set({ state: 'failed', failure: (err as Error).message.slice(0, 500) })
        .where(eq(notifications.id, id));
    throw err;
  }
}

/**
 * Idempotent: the claim lets one job (the row's own) deliver; inbox rows are
 * unique per learner and notification (ON CONFLICT DO NOTHING); a token
 * already answered for this notification is not pushed again.
 */
export const notificationDeliverJob = defineJob({
  kind: 'notifications.deliver',
  retryLimit: RETRIES,
  retryDelaySeconds: 10,
  expireInSeconds: 3600,
  concurrency: 1,
  pollSeconds: 2,
  run: (data, ctx) => deliverNotification(ctx.deps, data.notificationId, ctx),
});
