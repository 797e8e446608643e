import type { editNotificationBody, Notification, sendNotificationBody } from '@bo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { countAudience, resolveAudience } from '../../lib/audience.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { findNotification, type NotificationRow, notificationOf } from './notifications.queries.ts';

/**
 * Notifications' rules. A notification is a draft, or scheduled with a
 * delivery job queued for its time. Edits and cancels are conditional
 * updates on the state (draft or scheduled), the same statement shape as the
 * job's claim (scheduled → sending): whichever commits first wins, and the
 * loser is told why in words (409).
 */

type Fields = z.infer<typeof sendNotificationBody>;
const EDITABLE = ['draft', 'scheduled'] as const;
const YEAR_MS = 366 * 86_400_000;

/** Why a notification can no longer change, in words for the screen. */
export function whyLocked(row: NotificationRow): string {
  const when = (d: Date | null) =>
    d ? ` (${d.toISOString().slice(0, 16).replace('T', ' ')} UTC)` : '';
  switch (row.state) {
    case 'sending':
      return `Delivery of this notification started${when(row.claimedAt)}; it can no longer be changed, only paused or cancelled`;
    case 'paused':
      return 'This notification is paused while it is sent; it can no longer be changed, only resumed or cancelled';
    case 'sent':
      return `This notification was sent${when(row.sentAt)}; it can no longer be changed or cancelled`;
    case 'failed':
      return 'Delivery of this notification failed; it can no longer be changed or cancelled';
    case 'cancelled':
      return `This notification was cancelled${when(row.cancelledAt)}`;
    default:
      return 'This notification can no longer be changed';
  }
}

/** When delivery starts: now, the chosen time (future, within a year), or never (draft). */
function sendTime(deps: Deps, f: Fields): Date | null {
  const now = deps.clock();
  if (f.mode === 'draft') return null;
  if (f.mode === 'now') return now;
  const at = new Date(f.sendAt!);
  const path = 'body.sendAt';
  if (at.getTime() < now.getTime() + 30_000)
    throw badRequest('Choose a time at least a minute from now', [
      { path, message: 'Must be in the future' },
    ]);
  if (at.getTime() > now.getTime() + YEAR_MS)
    throw badRequest('Choose a time within a year', [{ path, message: 'Must be within a year' }]);
  return at;
}

/** Queues the delivery job for `sendAt` and records its id on the row (the claim checks it). */
async function queueDelivery(deps: Deps, tx: Tx, id: number, sendAt: Date, by: number) {
  const seconds = Math.max(0, Math.ceil((sendAt.getTime() - deps.clock().getTime()) / 1000));
  const jobId = await deps.jobs.enqueue(
    tx,
    'notifications.deliver',
    { notificationId: id },
    { by, ...(seconds > 0 ? { startAfterSeconds: seconds } : {}) },
  );
  await tx.update(notifications).set({ jobId }).where(eq(notifications.id, id));
}

async function columnsOf(deps: Deps, f: Fields) {
  const { audience } = await resolveAudience(deps.db, f.audience);
  const sendAt = sendTime(deps, f);
  return {
    title: f.title,
    body: f.body,
    imageKey: f.imageKey ?? null,
    link: f.link ?? null,
    audience: f.audience,
    ratePerMinute: f.ratePerMinute ?? null,
    state: sendAt ? ('scheduled' as const) : ('draft' as const),
    sendAt,
    recipientCount: await countAudience(deps.db, audience, deps.clock()),
  };
}

export async function sendNotification(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: Fields,
): Promise<Notification> {
  const values = await columnsOf(deps, body);
  const row = await deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(notifications)
      .values({ ...values, createdBy: actor.id, updatedBy: actor.id })
      .returning();
    if (values.sendAt) await queueDelivery(deps, tx, made!.id, values.sendAt, actor.id);
    await recordAudit(tx, ctx, {
      action: 'notification_created',
      entity: 'notification',
      entityId: made!.id,
      before: null,
      after: values,
    });
    return (await findNotification(tx, made!.id))!;
  });
  return notificationOf(deps, deps.db, row);
}

/** The row when it is still editable; otherwise 404 or 409 with the reason. */
async function refuseLocked(tx: Tx, id: number): Promise<never> {
  const row = await findNotification(tx, id);
  if (!row) throw notFound('Notification');
  throw conflict(whyLocked(row));
}

export async function editNotification(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof editNotificationBody>,
): Promise<Notification> {
  const { id, ...fields } = body;
  const values = await columnsOf(deps, fields);
  const row = await deps.db.transaction(async (tx) => {
    const before = await findNotification(tx, id);
    // Conditional on the state: a job that claimed it meanwhile makes this change nothing.
    const [changed] = await tx
      .update(notifications)
      .set({ ...values, jobId: null, updatedAt: deps.clock(), updatedBy: actor.id })
      .where(and(eq(notifications.id, id), inArray(notifications.state, EDITABLE)))
      .returning({ id: notifications.id });
    if (!changed) return refuseLocked(tx, id);
    // A new job for the new time; the old one finds another job id on the row and does nothing.
    if (values.sendAt) await queueDelivery(deps, tx, id, values.sendAt, actor.id);
    await recordAudit(tx, ctx, {
      action: 'notification_updated',
      entity: 'notification',
      entityId: id,
      before: before && { ...before, createdAt: undefined, updatedAt: undefined },
      after: values,
    });
    return (await findNotification(tx, id))!;
  });
  return notificationOf(deps, deps.db, row);
}

export async function cancelNotification(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  id: number,
): Promise<Notification> {
  const row = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(notifications)
      .set({
        state: 'cancelled',
        cancelledAt: deps.clock(),
        updatedAt: deps.clock(),
        updatedBy: actor.id,
      })
      .where(and(eq(notifications.id, id), inArray(notifications.state, EDITABLE)))
      .returning({ id: notifications.id, state: sql<string>`'cancelled'` });
    if (!changed) return refuseLocked(tx, id);
    await recordAudit(tx, ctx, {
      action: 'notification_cancelled',
      entity: 'notification',
      entityId: id,
      before: null,
      after: { state: 'cancelled' },
    });
    return (await findNotification(tx, id))!;
  });
  return notificationOf(deps, deps.db, row);
}
