import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deliveryRecipients,
  learnerInbox,
  learnerPushTokens,
  notificationPushResults,
  notifications,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Channel, Composed, DeliverySource, Outcome } from '../../lib/delivery/types.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';
import type { PushMessage } from './push/provider.ts';
import { pushProvider } from './push/provider.ts';

/**
 * A notification as a source of the delivery engine (lib/delivery/): one
 * ledger row per learner on the `inbox` channel (the in-app inbox), and one
 * per learner with a registered device on the `push` channel, sent after the
 * inbox. When the delivery ends, the notification says it was sent (or
 * failed) with its figures.
 */

/** Inbox rows written per statement: bounded statements at 100,000 learners. */
export const INBOX_CHUNK = 5000;
/** Push messages in flight at once. */
const PUSH_PARALLEL = 8;
/** Learners whose devices one batch pushes to. */
const PUSH_BATCH = 64;

interface NotificationMessage {
  notificationId: number;
  push: Omit<PushMessage, 'token'>;
}

export const notificationSource: DeliverySource = {
  name: 'notification',
  channels: ['inbox', 'push'],
  async open(deps, deliveryId) {
    const [row] = await deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.deliveryId, deliveryId));
    const data: Record<string, string> = row ? { notificationId: String(row.id) } : {};
    if (row?.link) data.link = row.link;
    const message: NotificationMessage | null = row
      ? {
          notificationId: row.id,
          push: {
            title: row.title,
            body: row.body,
            imageUrl: engagementImageUrl(deps, row.imageKey, true),
            data,
          },
        }
      : null;
    return {
      async compose(_channel, rows) {
        const c: Composed = message ? { message } : { skip: 'the notification was deleted' };
        return new Map(rows.map((r) => [r.id, c]));
      },
    };
  },
  async ended(deps, tx, deliveryId, failure) {
    if (failure) {
      await tx
        .update(notifications)
        .set({ state: 'failed', failure: failure.slice(0, 500) })
        .where(eq(notifications.deliveryId, deliveryId));
      return;
    }
    const [n] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.deliveryId, deliveryId));
    if (!n) return;
    const [inbox] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveryRecipients)
      .where(
        and(
          eq(deliveryRecipients.deliveryId, deliveryId),
          eq(deliveryRecipients.channel, 'inbox'),
          eq(deliveryRecipients.state, 'sent'),
        ),
      );
    const [push] = pushProvider(deps.config)
      ? await tx
          .select({
            sent: sql<number>`count(*) filter (where ${notificationPushResults.outcome} = 'sent')::int`,
            failed: sql<number>`count(*) filter (where ${notificationPushResults.outcome} <> 'sent')::int`,
          })
          .from(notificationPushResults)
          .where(eq(notificationPushResults.notificationId, n.id))
      : [{ sent: null, failed: null }];
    await tx
      .update(notifications)
      .set({
        state: 'sent',
        sentAt: deps.clock(),
        deliveredCount: Number(inbox?.n ?? 0),
        pushSent: push?.sent ?? null,
        pushFailed: push?.failed ?? null,
      })
      .where(eq(notifications.id, n.id));
  },
};

/** The in-app inbox: a batch is one INSERT (a row written before is kept: ON CONFLICT DO NOTHING). */
export const inboxChannel = (deps: Deps): Channel<NotificationMessage> => ({
  name: 'inbox',
  batch: INBOX_CHUNK,
  async send(batch) {
    const values = batch.map(({ row, message }) => ({
      notificationId: message.notificationId,
      learnerId: row.learnerId!,
      deliveredAt: deps.clock(),
    }));
    await deps.db.insert(learnerInbox).values(values).onConflictDoNothing();
    return batch.map(({ row }): Outcome => ({ id: row.id, state: 'sent' }));
  },
});

/**
 * Push (PUSH_PROVIDER): every device token of the batch's learners that has
 * no answer yet for this notification (a run again counts those done), each
 * answer kept, the tokens the provider calls dead dropped. A learner's row
 * is `sent` when one of their devices took it.
 */
export const pushChannel = (deps: Deps): Channel<NotificationMessage> => ({
  name: 'push',
  batch: PUSH_BATCH,
  async send(batch, signal) {
    const provider = pushProvider(deps.config);
    if (!provider)
      return batch.map(({ row }) => ({ id: row.id, state: 'skipped', reason: 'no push provider' }));
    const notificationId = batch[0]!.message.notificationId;
    const { push } = batch[0]!.message;
    const learnerIds = batch.map((b) => b.row.learnerId!);
    const tokens = await deps.db
      .select({
        token: learnerPushTokens.token,
        learnerId: learnerPushTokens.learnerId,
        before: notificationPushResults.outcome,
      })
      .from(learnerPushTokens)
      .leftJoin(
        notificationPushResults,
        and(
          eq(notificationPushResults.notificationId, notificationId),
          eq(notificationPushResults.token, learnerPushTokens.token),
        ),
      )
      .where(inArray(learnerPushTokens.learnerId, learnerIds))
      .orderBy(learnerPushTokens.id);
    const answers = new Map<number, string[]>();
    let next = 0;
    const worker = async () => {
      while (next < tokens.length) {
        signal.throwIfAborted();
        const t = tokens[next++]!;
        const answered = (outcome: string) =>
          answers.set(t.learnerId, [...(answers.get(t.learnerId) ?? []), outcome]);
        if (t.before && t.before !== 'failed') {
          answered(t.before);
          continue;
        }
        const result = await provider.send({ token: t.token, ...push }, signal);
        await deps.db
          .insert(notificationPushResults)
          .values({ notificationId, learnerId: t.learnerId, token: t.token, ...result })
          .onConflictDoUpdate({
            target: [notificationPushResults.notificationId, notificationPushResults.token],
            set: { outcome: result.outcome, detail: result.detail, at: deps.clock() },
          });
        if (result.outcome === 'invalid')
          await deps.db.delete(learnerPushTokens).where(eq(learnerPushTokens.token, t.token));
        answered(result.outcome);
      }
    };
    await Promise.all(Array.from({ length: PUSH_PARALLEL }, worker));
    return batch.map(({ row }): Outcome => {
      const mine = answers.get(row.learnerId!) ?? [];
      if (mine.includes('sent')) return { id: row.id, state: 'sent' };
      if (!mine.length) return { id: row.id, state: 'skipped', reason: 'no device to push to' };
      return { id: row.id, state: 'failed', reason: `no device took it (${mine.join(', ')})` };
    });
  },
});
