import type {
  Audience,
  Notification,
  NotificationFigures,
  notificationListQuery,
} from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { listTableByKeys, sortOrder, textSearch } from '../../lib/list.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';
import { figuresOf } from './notifications.figures.ts';

/** Reading notifications: one row as the API answers it, and the list. */

export type NotificationRow = typeof notifications.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toNotification = (
  deps: Deps,
  r: NotificationRow,
  figures: NotificationFigures,
): Notification => ({
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
  ratePerMinute: r.ratePerMinute,
  figures,
  sentAt: iso(r.sentAt),
  cancelledAt: iso(r.cancelledAt),
  failure: r.failure,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** One notification as the API answers it, with its live figures. */
export async function notificationOf(deps: Deps, db: Db | Tx, r: NotificationRow) {
  return toNotification(deps, r, (await figuresOf(db, [r])).get(r.id)!);
}

export async function findNotification(db: Db | Tx, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

const SORT = {
  createdAt: notifications.createdAt,
  sendAt: notifications.sendAt,
  title: notifications.title,
} as const;

export async function listNotifications(deps: Deps, q: z.infer<typeof notificationListQuery>) {
  const page = await listTableByKeys(deps.db, q, {
    table: notifications,
    key: notifications.id,
    where: and(
      textSearch(q.q, [notifications.title]),
      q.state ? eq(notifications.state, q.state) : undefined,
    ),
    rows: deps.db.select().from(notifications).$dynamic(),
    orderBy: sortOrder(q, SORT, 'createdAt', notifications.id, 'desc'),
    map: (r: NotificationRow) => r,
  });
  const figures = await figuresOf(deps.db, page.items);
  return {
    ...page,
    items: page.items.map((r) => toNotification(deps, r, figures.get(r.id)!)),
  };
}
