import {
  allows,
  type createReportSubscriptionBody,
  type ReportSubscription,
  reportRoutes,
  SUBSCRIBABLE_REPORTS,
  SUBSCRIPTIONS_PER_ADMIN,
  type SubscribableReport,
  type updateReportSubscriptionBody,
} from '@bo/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { reportSubscriptions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound, refusal } from '../../lib/errors.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { filterWords } from './reports.filter-words.ts';
import { nextRunAfter } from './reports.subscription-schedule.ts';

/**
 * Report subscriptions (docs/domain.md, "Reports: subscriptions"). The routes
 * are open to any session; an admin meets only their own subscriptions
 * (another's answers 404, as if it did not exist) and subscribes only to a
 * report whose own route they may call (403 otherwise).
 */

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

const toSubscription = (row: SubscriptionRow, words: string): ReportSubscription => ({
  id: row.id,
  report: row.report as SubscribableReport,
  reportLabel: SUBSCRIBABLE_REPORTS[row.report as SubscribableReport]?.label ?? row.report,
  filters: row.filters,
  filterWords: words,
  frequency: row.frequency as ReportSubscription['frequency'],
  hour: row.hour,
  weekday: row.weekday,
  monthDay: row.monthDay,
  timeZone: row.timeZone,
  format: row.format as ReportSubscription['format'],
  nextRunAt: row.nextRunAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
});

async function described(db: Db, row: SubscriptionRow) {
  const [words] = await filterWords(db, [row.filters]);
  return toSubscription(row, words!);
}

/** Whether the admin may open the subscription's report: its route's own access. */
export const mayOpenReport = (
  admin: { role: string; modules: readonly string[] },
  report: string,
) => report in reportRoutes && allows(admin, reportRoutes[report as SubscribableReport].access);

function mustOpen(admin: AuthAdmin, report: string) {
  if (!mayOpenReport(admin, report))
    throw refusal('report_not_allowed', 'You may not open this report, so not subscribe to it');
}

export async function listReportSubscriptions(db: Db, admin: AuthAdmin) {
  const rows = await db
    .select()
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.adminId, admin.id))
    .orderBy(asc(reportSubscriptions.nextRunAt), asc(reportSubscriptions.id));
  const words = await filterWords(
    db,
    rows.map((r) => r.filters),
  );
  return { items: rows.map((r, i) => toSubscription(r, words[i]!)) };
}

export async function createReportSubscription(
  deps: Deps,
  admin: AuthAdmin,
  body: z.infer<typeof createReportSubscriptionBody>,
) {
  mustOpen(admin, body.report);
  const row = await deps.db.transaction(async (tx) => {
    // The admin's row locked: two creates at once count one after the other.
    await tx.execute(sql`select id from admins where id = ${admin.id} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.adminId, admin.id));
    if (Number(count?.n ?? 0) >= SUBSCRIPTIONS_PER_ADMIN)
      throw conflict(
        `You have ${SUBSCRIPTIONS_PER_ADMIN} subscriptions: delete one before adding another`,
      );
    const [inserted] = await tx
      .insert(reportSubscriptions)
      .values({ ...body, adminId: admin.id, nextRunAt: nextRunAfter(body, deps.clock()) })
      .returning();
    return inserted!;
  });
  return described(deps.db, row);
}

/** The admin's own subscription, locked; 404 for anyone else's. */
async function own(tx: Tx, admin: AuthAdmin, id: number) {
  const [row] = await tx
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.adminId, admin.id)))
    .for('update');
  if (!row) throw notFound('Subscription');
  return row;
}

export async function updateReportSubscription(
  deps: Deps,
  admin: AuthAdmin,
  { id, ...schedule }: z.infer<typeof updateReportSubscriptionBody>,
) {
  const row = await deps.db.transaction(async (tx) => {
    mustOpen(admin, (await own(tx, admin, id)).report);
    const [updated] = await tx
      .update(reportSubscriptions)
      .set({
        ...schedule,
        nextRunAt: nextRunAfter(schedule, deps.clock()),
        updatedAt: sql`now()`,
      })
      .where(eq(reportSubscriptions.id, id))
      .returning();
    return updated!;
  });
  return described(deps.db, row);
}

export async function deleteReportSubscription(deps: Deps, admin: AuthAdmin, id: number) {
  await deps.db.transaction(async (tx) => {
    await own(tx, admin, id);
    await tx.delete(reportSubscriptions).where(eq(reportSubscriptions.id, id));
  });
  return { ok: true as const };
}
