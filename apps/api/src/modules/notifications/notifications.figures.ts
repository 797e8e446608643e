import type { NotificationFigures } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryTotals } from '../../lib/delivery/ledger.ts';
import type { NotificationRow } from './notifications.queries.ts';

/**
 * A page of notifications' figures (contract: notificationFiguresSchema),
 * live from their deliveries' ledgers (two grouped queries, as a mailer's
 * totals) and the inbox's opened rows (its partial index: only opened rows
 * are read). A notification not yet delivered has zeros.
 */
export async function figuresOf(
  db: Db | Tx,
  rows: NotificationRow[],
): Promise<Map<number, NotificationFigures>> {
  const deliveryIds = rows.flatMap((r) => (r.deliveryId ? [r.deliveryId] : []));
  const [inbox, push] = await Promise.all([
    deliveryTotals(db, deliveryIds, 'inbox'),
    deliveryTotals(db, deliveryIds, 'push'),
  ]);
  const ids = rows.map((r) => r.id);
  const opened = new Map<number, number>();
  if (ids.length) {
    const counted = await db.execute<{ id: number | string; n: number }>(
      sql`select notification_id as id, count(*)::int as n from learner_inbox
        where notification_id = any(${`{${ids.join(',')}}`}::bigint[]) and opened_at is not null
        group by notification_id`,
    );
    for (const r of counted.rows) opened.set(Number(r.id), r.n);
  }
  return new Map(
    rows.map((r) => {
      const i = r.deliveryId ? inbox.get(r.deliveryId) : undefined;
      const p = r.deliveryId ? push.get(r.deliveryId) : undefined;
      return [
        r.id,
        {
          sent: i?.sent ?? 0,
          failed: p?.failed ?? 0,
          queued: (i?.queued ?? 0) + (i?.sending ?? 0) + (p?.queued ?? 0) + (p?.sending ?? 0),
          opened: opened.get(r.id) ?? 0,
        },
      ];
    }),
  );
}
