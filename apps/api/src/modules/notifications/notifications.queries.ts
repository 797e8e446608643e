import type { Audience, Notification, notificationListQuery } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { listTableByKeys, sortOrder, textSearch } from '../../lib/list.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';

/** Reading notifications: one row as the API answers it, and the list. */

export type NotificationRow = typeof notifications.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toNotification = (deps: Deps, r: NotificationRow): Notification => ({
  id: r.id,
  title: r.title,
  body: r.body,
  imageKey: r.imageKey,
  imageUrl: engagementImageUrl(deps, r.imageKey),
  link: r.link,
  audience: r.audience as Audience,
  state: r.state,
  sendAt: iso(r.sendAt),
  recipientCount: r.recipientCount,
  deliveredCount: r.deliveredCount,
  pushSent: r.pushSent,
  pushFailed: r.pushFailed,
  sentAt: iso(r.sentAt),
  cancelledAt: iso(r.cancelledAt),
  failure: r.failure,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function findNotification(db: Db | Tx, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

const SORT = {
  createdAt: notifications.createdAt,
  sendAt: notifications.sendAt,
  title: notifications.title,
} as const;

export function listNotifications(deps: Deps, q: z.infer<typeof notificationListQuery>) {
  return listTableByKeys(deps.db, q, {
    table: notifications,
    key: notifications.id,
    where: and(
      textSearch(q.q, [notifications.title]),
      q.state ? eq(notifications.state, q.state) : undefined,
    ),
    rows: deps.db.select().from(notifications).$dynamic(),
    orderBy: sortOrder(q, SORT, 'createdAt', notifications.id, 'desc'),
    map: (r: NotificationRow) => toNotification(deps, r),
  });
}
