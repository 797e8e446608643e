import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedLearners, useCampaignTestApp } from './mail.testing.ts';

/**
 * The throttle: MAILER_RATE_PER_SECOND spaces the batches out, and
 * MAILER_RATE_PER_HOUR stops a campaign at the hour's budget (counted in the
 * ledger) with the rest still queued, not failed.
 */
const w = useCampaignTestApp({
  MAILER_RATE_PER_SECOND: '4',
  MAILER_RATE_PER_HOUR: '10',
  MAILER_CONCURRENCY: '2',
});
const post = (url: string, payload: object) => w.post(url, payload);
const totals = async (id: number) => (await w.get(`/mail/mailer?id=${id}`)).json();

describe('mailer throttle', () => {
  it('sends at most the rate per second, and stops at the hour budget with the rest queued', async () => {
    const ids = await seedLearners(w.t.app.deps.db, 14, 'throttle');
    const tpl = (
      await post('/mail/createtemplate', {
        name: 'Throttled',
        subject: 'Hi',
        html: '<p>{{name}}</p>',
      })
    ).json();
    const res = await post('/mail/sendmailer', {
      templateId: tpl.id,
      audience: { kind: 'list', entries: ids.map(String) },
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = Date.now();
    await w.smtp.waitForTotal(10, 30_000);
    // 10 mails at 4 a second: the last batch cannot leave before about 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await new Promise((r) => setTimeout(r, 2000));
    const m = await totals(res.json().id);
    expect(w.smtp.total()).toBe(10);
    expect(m.status).toBe('sending');
    expect(m.totals).toMatchObject({ sent: 10, queued: 4, failed: 0 });
  }, 60_000);
});
