import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Outcome } from './ingest.ts';
import { jsonRecords, type Of } from './ingest.write.ts';

/**
 * `notification_opened` (docs/domain.md, Notifications): the learner's inbox
 * row of that notification gets its `opened_at`, once. Two statements for
 * the batch: which (learner, notification) pairs have an inbox row, and the
 * update of those not opened yet. An event whose pair has no row (a
 * notification the learner was not sent, or one that does not exist) is
 * refused; an open already counted (by this batch or an earlier one) is a
 * duplicate.
 */
export async function recordOpens(
  tx: Tx,
  opens: Of<'notification_opened'>[],
  learnerOf: Map<string, number>,
  out: Outcome,
) {
  if (!opens.length) return;
  const key = (learnerId: number, notificationId: number) => `${learnerId}:${notificationId}`;
  const rows = opens.map((p) => ({
    l: learnerOf.get(p.event.learnerId)!,
    n: p.event.notificationId,
    at: p.at.toISOString(),
  }));
  const inbox = await tx.execute<{ l: number | string; n: number | string }>(sql`
    select i.learner_id as l, i.notification_id as n from learner_inbox i
    join (select distinct l, n from ${jsonRecords(rows)} as v(l bigint, n bigint, at timestamptz)) v
      on i.learner_id = v.l and i.notification_id = v.n`);
  const sentTo = new Set(inbox.rows.map((r) => key(Number(r.l), Number(r.n))));
  // The earliest open of each pair in the batch is the one kept.
  const opened = await tx.execute<{ l: number | string; n: number | string }>(sql`
    update learner_inbox i set opened_at = v.at
    from (select l, n, min(at) as at from ${jsonRecords(rows)} as v(l bigint, n bigint, at timestamptz)
      group by l, n) v
    where i.learner_id = v.l and i.notification_id = v.n and i.opened_at is null
    returning i.learner_id as l, i.notification_id as n`);
  const fresh = new Set(opened.rows.map((r) => key(Number(r.l), Number(r.n))));
  for (const [i, p] of opens.entries()) {
    const k = key(rows[i]!.l, rows[i]!.n);
    if (!sentTo.has(k))
      out.reject(
        p,
        'unknown_notification',
        `Notification ${p.event.notificationId} was not sent to this learner`,
      );
    else if (fresh.delete(k)) out.accepted += 1;
    else out.duplicates += 1;
  }
}
