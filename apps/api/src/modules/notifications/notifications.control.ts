import type { Notification, notificationActionBody } from '@bo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { changeDelivery } from '../../lib/delivery/control.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { findNotification, notificationOf } from './notifications.queries.ts';
import { cancelNotification } from './notifications.service.ts';

/**
 * A notification's controls while it is sent: its delivery's pause, resume
 * and cancel (lib/delivery/control.ts, the mailers' one mechanism), with the
 * notification's state following in the same transaction. The delivery's
 * row is locked first, as the engine does when it marks a delivery done and
 * tells the notification (no deadlock, and whichever commits first wins: a
 * delivery already done answers 409). What was sent stays sent.
 * A draft or scheduled one is cancelled as before (notifications.service.ts).
 */

type Body = z.infer<typeof notificationActionBody>;

const STATE_AFTER = { pause: 'paused', resume: 'sending', cancel: 'cancelled' } as const;
const AUDIT = {
  pause: 'notification_paused',
  resume: 'notification_resumed',
  cancel: 'notification_cancelled',
} as const;

export async function notificationAction(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: Body,
): Promise<Notification> {
  const first = await findNotification(deps.db, body.id);
  if (!first) throw notFound('Notification');
  if (body.action === 'cancel' && (first.state === 'draft' || first.state === 'scheduled'))
    return cancelNotification(deps, ctx, actor, body.id);
  const row = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const row = await findNotification(tx, body.id);
    if (!row) throw notFound('Notification');
    if (!row.deliveryId) {
      // Claimed, its delivery not made yet: a cancel stops the making
      // (notifications.jobs.ts checks the state); a pause has nothing to hold.
      if (body.action === 'cancel' && row.state === 'sending') {
        const [cancelled] = await tx
          .update(notifications)
          .set({ state: 'cancelled', cancelledAt: now, updatedAt: now, updatedBy: actor.id })
          .where(
            and(
              eq(notifications.id, body.id),
              eq(notifications.state, 'sending'),
              isNull(notifications.deliveryId),
            ),
          )
          .returning({ id: notifications.id });
        if (cancelled) return audited(row.state);
      }
      throw conflict(
        row.state === 'sending'
          ? 'Delivery of this notification is starting: try again in a moment'
          : `This notification is ${row.state}: it is not being sent, so it cannot be ${body.action === 'pause' ? 'paused' : body.action === 'resume' ? 'resumed' : 'cancelled'}`,
      );
    }
    await changeDelivery(deps, tx, row.deliveryId, body.action, {
      noun: 'notification',
      lane: 'delivery.send',
      by: actor.id,
    });
    await tx
      .update(notifications)
      .set({
        state: STATE_AFTER[body.action],
        ...(body.action === 'cancel' ? { cancelledAt: now } : {}),
        updatedAt: now,
        updatedBy: actor.id,
      })
      .where(eq(notifications.id, body.id));
    return audited(row.state);

    async function audited(before: string) {
      await recordAudit(tx, ctx, {
        action: AUDIT[body.action],
        entity: 'notification',
        entityId: body.id,
        before: { state: before },
        after: { state: STATE_AFTER[body.action] },
      });
      return (await findNotification(tx, body.id))!;
    }
  });
  return notificationOf(deps, deps.db, row);
}
