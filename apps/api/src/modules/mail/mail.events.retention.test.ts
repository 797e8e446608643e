import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useMailEventsApp } from './mail.events.testing.ts';
import { MAIL_EVENT_IDS_KEPT_DAYS } from './mail.events-webhook.ts';

/**
 * The event ids the webhook keeps to take an event once are kept for
 * MAIL_EVENT_IDS_KEPT_DAYS, then deleted by a later call: the table does not
 * only grow. Real database.
 */
const { w, signed, hook, event } = useMailEventsApp();

let second = 0;
/** The same events sent again by the provider: signed anew each time (another second). */
async function deliver(ids: string[]) {
  const body = { events: ids.map((id) => event({ id, email: `${id}@example.test` })) };
  const res = await hook(signed(body, { at: w.t.clock().getTime() - 1000 * ++second }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { received: number; duplicates: number };
}

it(`forgets an event id after ${MAIL_EVENT_IDS_KEPT_DAYS} days, and only then`, async () => {
  const [kept, old] = [`evt-${randomUUID()}`, `evt-${randomUUID()}`];
  expect(await deliver([kept, old])).toMatchObject({ received: 2, duplicates: 0 });
  const age = async (id: string, days: number) =>
    w.t.app.deps.db.execute(sql`update mail_events
      set received_at = now() - make_interval(days => ${days}) where event_id = ${id}`);
  await age(kept, MAIL_EVENT_IDS_KEPT_DAYS - 1);
  await age(old, MAIL_EVENT_IDS_KEPT_DAYS + 1);
  // The call deletes the old id first: that event is new again; the other is still known.
  expect(await deliver([kept, old])).toMatchObject({ received: 1, duplicates: 1 });
  const left = await w.t.app.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from mail_events where event_id in (${kept}, ${old})`,
  );
  expect(left.rows[0]!.n).toBe(2);
});
