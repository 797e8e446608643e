import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedLearners, useCampaignTestApp } from './mail.testing.ts';

/**
 * A mailer's rate per minute (lib/delivery/rate.ts), measured at the real
 * SMTP receiver and in the ledger, with no assertion that a slow machine
 * could break: a slower run only spreads the mails further.
 */
const w = useCampaignTestApp();
const db = () => w.t.app.deps.db;

async function campaign(prefix: string, n: number, extra: object) {
  const ids = await seedLearners(db(), n, prefix);
  const tpl = (
    await w.post('/mail/createtemplate', { name: prefix, subject: 'Hi', html: '<p>{{name}}</p>' })
  ).json();
  return w.post('/mail/sendmailer', {
    templateId: tpl.id,
    audience: { kind: 'list', entries: ids.map(String) },
    idempotencyKey: randomUUID(),
    ...extra,
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a mailer rate per minute', () => {
  it('is refused out of bounds, naming the field', async () => {
    for (const ratePerMinute of [0, 100_001, 2.5, '10']) {
      const res = await campaign(`bounds${String(ratePerMinute).replace('.', '')}`, 1, {
        ratePerMinute,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ path: 'body.ratePerMinute' }] });
    }
  });

  it('spaces the mails: 60 a minute sends one a second', async () => {
    const before = w.smtp.total();
    const res = await campaign('pace', 4, { ratePerMinute: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ratePerMinute).toBe(60);
    await w.smtp.waitForTotal(before + 4, 30_000);
    // The last row is written sent after the receiver took it, and the run ends after its wait.
    let m = (await w.get(`/mail/mailer?id=${res.json().id}`)).json();
    for (let i = 0; i < 100 && m.status !== 'done'; i++) {
      await sleep(100);
      m = (await w.get(`/mail/mailer?id=${res.json().id}`)).json();
    }
    expect(m).toMatchObject({ status: 'done', ratePerMinute: 60, totals: { sent: 4 } });
    // Claims, not sends, are spaced (a slow first connection shortens the first gap between sends).
    const [spread] = (
      await db().execute<{
        ms: number;
      }>(sql`select extract(epoch from max(claimed_at) - min(claimed_at)) * 1000 as ms
        from delivery_recipients r join mailers m on m.delivery_id = r.delivery_id
        where m.id = ${res.json().id} and r.state = 'sent'`)
    ).rows;
    // Four mails, three gaps of at least a second each (less 0.2 s for the timers' rounding).
    expect(Number(spread!.ms)).toBeGreaterThanOrEqual(2800);
  }, 60_000);

  it('at 1 a minute: one mail, the next run queued a minute on, and a run started early (a crash’s retry) sends nothing more', async () => {
    const before = w.smtp.total();
    const res = await campaign('slow', 3, { ratePerMinute: 1 });
    const id = res.json().id;
    await w.smtp.waitForTotal(before + 1, 30_000);
    const [{ deliveryId }] = (
      await db().execute<{ deliveryId: number }>(
        sql`select delivery_id as "deliveryId" from mailers where id = ${id}`,
      )
    ).rows as [{ deliveryId: number }];
    // The sender's decision: its continuation waits for the minute (not a job held for it).
    let wait = 0;
    for (let i = 0; i < 100 && !wait; i++) {
      const [job] = (
        await db().execute<{ s: number }>(sql`select extract(epoch from start_after - now()) as s
          from pgboss.job where name = 'delivery.send' and state = 'created'
            and (data->'data'->>'deliveryId')::bigint = ${deliveryId}`)
      ).rows;
      wait = Number(job?.s ?? 0);
      if (!wait) await sleep(50);
    }
    expect(wait).toBeGreaterThan(40);
    // As a retry after kill -9 would, a run at once: the ledger's minute holds it back.
    await w.t.app.deps.jobs.enqueue(db(), 'delivery.send', { deliveryId });
    await sleep(3000);
    expect(w.smtp.total()).toBe(before + 1);
    const m = (await w.get(`/mail/mailer?id=${id}`)).json();
    expect(m).toMatchObject({ status: 'sending', totals: { sent: 1, queued: 2 } });
    await w.post('/mail/mailerstate', { id, action: 'cancel' });
  }, 60_000);
});
