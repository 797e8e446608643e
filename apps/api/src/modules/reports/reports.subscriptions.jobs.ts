import type { SubscribableReport } from '@bo/contract';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { admins, reportSubscriptions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job.ts';
import { AppError } from '../../lib/errors.ts';
import { effectiveModules } from '../../plugins/auth-guard.ts';
import { reportSubscriptionMail, sendMail } from '../mail/index.ts';
import { subscriptionContent } from './reports.subscription-content.ts';
import { nextRunAfter } from './reports.subscription-schedule.ts';
import { mayOpenReport, type SubscriptionRow } from './reports.subscriptions.ts';
import { subscriptionUnsubscribeUrl } from './reports.subscriptions.unsubscribe.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    // biome-ignore lint/complexity/noBannedTypes: the check takes no data
    'reports.subscriptions-due': {};
    'reports.subscription-send': { subscriptionId: number; dueAt: string };
  }
}

/** Rows claimed per transaction. */
const CLAIM = 50;

/**
 * Each minute (pg-boss cron, one process): claims the subscriptions whose
 * next run has come, FOR UPDATE SKIP LOCKED, and in the same transaction
 * moves each one's next run on and queues its send job. A crash before the
 * commit claims nothing (the next minute does it again); after it, the send
 * jobs are in the queue and survive restarts. The next run is counted from
 * now, not from the missed one: a server down for three days sends one mail
 * per subscription when it is back, not three.
 */
export const subscriptionsDueJob = defineJob({
  kind: 'reports.subscriptions-due',
  retryLimit: 1,
  expireInSeconds: 120,
  schedule: () => '* * * * *',
  async run(_data, ctx) {
    let queued = 0;
    for (;;) {
      const claimed = await claimDue(ctx.deps);
      queued += claimed;
      if (claimed < CLAIM || ctx.signal.aborted) break;
    }
    return { queued };
  },
});

export async function claimDue(deps: Deps): Promise<number> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reportSubscriptions)
      .where(lte(reportSubscriptions.nextRunAt, now))
      .orderBy(asc(reportSubscriptions.nextRunAt))
      .limit(CLAIM)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(reportSubscriptions)
        .set({ nextRunAt: nextRunAfter(scheduleOf(row), now) })
        .where(eq(reportSubscriptions.id, row.id));
      await deps.jobs.enqueue(
        tx,
        'reports.subscription-send',
        { subscriptionId: row.id, dueAt: row.nextRunAt.toISOString() },
        { by: row.adminId },
      );
    }
    return due.length;
  });
}

const scheduleOf = (row: SubscriptionRow) => ({
  frequency: row.frequency as 'daily' | 'weekly' | 'monthly',
  hour: row.hour,
  weekday: row.weekday,
  monthDay: row.monthDay,
  timeZone: row.timeZone,
});

/**
 * Makes and queues one subscription's mail. Idempotent: the mail is queued
 * (delivery engine, system mail) in the transaction that sets last_sent_at
 * to the run's due time, only while last_sent_at is before it; a second run
 * finds it set and sends nothing. A subscription deleted meanwhile sends
 * nothing. A refusal of the report (its book deleted, no access any more)
 * is kept as last_error for the list to show, without retries; a database
 * or mail failure throws and is retried.
 */
export const subscriptionSendJob = defineJob({
  kind: 'reports.subscription-send',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
  async run({ subscriptionId, dueAt }, ctx) {
    const deps = ctx.deps;
    const due = new Date(dueAt);
    const [found] = await deps.db
      .select({ s: reportSubscriptions, admin: admins })
      .from(reportSubscriptions)
      .innerJoin(admins, eq(admins.id, reportSubscriptions.adminId))
      .where(eq(reportSubscriptions.id, subscriptionId));
    if (!found) return { skipped: 'The subscription was deleted' };
    const { s, admin } = found;
    if (s.lastSentAt && s.lastSentAt >= due) return { skipped: 'Already sent' };
    const fail = (message: string) => failed(deps, s.id, message);
    if (admin.status !== 'active') return fail('The account is not active');
    if (
      !mayOpenReport(
        { role: admin.role, modules: effectiveModules(admin.role, admin.modules) },
        s.report,
      )
    )
      return fail('You may no longer open this report');
    let content: Awaited<ReturnType<typeof subscriptionContent>>;
    try {
      content = await subscriptionContent(deps, {
        report: s.report as SubscribableReport,
        filters: s.filters,
        frequency: s.frequency as 'daily',
        format: s.format as 'xlsx',
      });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return fail(err.message);
      throw err;
    }
    const mail = reportSubscriptionMail({
      ...content,
      to: admin.email,
      name: admin.name,
      unsubscribeUrl: subscriptionUnsubscribeUrl(deps, s.id),
    });
    const sent = await deps.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(reportSubscriptions)
        .set({ lastSentAt: due, lastError: null })
        .where(
          and(
            eq(reportSubscriptions.id, s.id),
            or(isNull(reportSubscriptions.lastSentAt), lt(reportSubscriptions.lastSentAt, due)),
          ),
        )
        .returning({ id: reportSubscriptions.id });
      if (marked) await sendMail(deps, tx, mail, admin.id);
      return Boolean(marked);
    });
    return sent ? { sent: content.label } : { skipped: 'Already sent' };
  },
});

async function failed(deps: Deps, id: number, message: string) {
  await deps.db
    .update(reportSubscriptions)
    .set({ lastError: message, updatedAt: sql`now()` })
    .where(eq(reportSubscriptions.id, id));
  return { skipped: message };
}
