import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  MAIL_EVENT_IDS_KEPT_DAYS,
  MAIL_EVENTS_PATH,
  mailEventsSignature,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from './mail.events-webhook.ts';
import { useCampaignTestApp } from './mail.testing.ts';

/**
 * The event ids the webhook keeps to take an event once are kept for
 * MAIL_EVENT_IDS_KEPT_DAYS, then deleted by a later call: the table does not
 * only grow. Real database.
 */
const SECRET = randomBytes(32).toString('hex');
const w = useCampaignTestApp({ MAIL_EVENTS_SECRET: SECRET });

let second = 0;
/** The same events sent again by the provider: signed anew each time (another second). */
async function deliver(ids: string[]) {
  const raw = JSON.stringify({
    events: ids.map((id) => ({
      id,
      type: 'bounce',
      email: `${id}@example.test`,
      occurredAt: new Date(w.t.clock().getTime() - 60_000).toISOString(),
    })),
  });
  const ts = String(Math.floor(w.t.clock().getTime() / 1000) - ++second);
  const res = await w.t.app.inject({
    method: 'POST',
    url: MAIL_EVENTS_PATH,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: ts,
      [SIGNATURE_HEADER]: `sha256=${mailEventsSignature(SECRET, ts, raw)}`,
    },
    payload: raw,
  });
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
