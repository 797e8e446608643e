import type { appInboxQuery, inboxReadBody, pushTokenBody } from '@bo/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { learnerInbox, learnerPushTokens, notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';
import { learnerOf } from '../popups/index.ts';

/** The learner app's side of notifications: the inbox, marking it read, push tokens. */

export async function inboxOf(deps: Deps, q: z.infer<typeof appInboxQuery>) {
  const learnerId = await learnerOf(deps, q.learnerId);
  const mine = eq(learnerInbox.learnerId, learnerId);
  const [rows, [total], [unread]] = await Promise.all([
    deps.db
      .select({
        id: learnerInbox.id,
        notificationId: learnerInbox.notificationId,
        title: notifications.title,
        body: notifications.body,
        imageKey: notifications.imageKey,
        link: notifications.link,
        deliveredAt: learnerInbox.deliveredAt,
        readAt: learnerInbox.readAt,
      })
      .from(learnerInbox)
      .innerJoin(notifications, eq(notifications.id, learnerInbox.notificationId))
      .where(mine)
      .orderBy(desc(learnerInbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(learnerInbox).where(mine),
    deps.db
      .select({ n: count() })
      .from(learnerInbox)
      .where(and(mine, isNull(learnerInbox.readAt))),
  ]);
  return {
    items: rows.map(({ imageKey, ...r }) => ({
      ...r,
      imageUrl: engagementImageUrl(deps, imageKey, true),
      deliveredAt: r.deliveredAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    })),
    total: Number(total?.n ?? 0),
    unread: Number(unread?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Marks the learner's own rows read (another learner's ids change nothing); how many changed. */
export async function markInboxRead(deps: Deps, body: z.infer<typeof inboxReadBody>) {
  const learnerId = await learnerOf(deps, body.learnerId);
  const changed = await deps.db
    .update(learnerInbox)
    .set({ readAt: deps.clock() })
    .where(
      and(
        eq(learnerInbox.learnerId, learnerId),
        inArray(learnerInbox.id, body.ids),
        isNull(learnerInbox.readAt),
      ),
    )
    .returning({ id: learnerInbox.id });
  return { updated: changed.length };
}

/** A device's token belongs to the learner who registered it last (a shared phone changes hands). */
export async function registerPushToken(deps: Deps, body: z.infer<typeof pushTokenBody>) {
  const learnerId = await learnerOf(deps, body.learnerId);
  await deps.db
    .insert(learnerPushTokens)
    .values({ learnerId, token: body.token, platform: body.platform, registeredAt: deps.clock() })
    .onConflictDoUpdate({
      target: learnerPushTokens.token,
      set: { learnerId, platform: body.platform, registeredAt: deps.clock() },
    });
  return { ok: true as const };
}
