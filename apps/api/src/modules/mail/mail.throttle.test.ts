import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedLearners, startCountingSmtp } from './mail.testing.ts';

/**
 * The throttle: MAILER_RATE_PER_SECOND spaces the batches out, and
 * MAILER_RATE_PER_HOUR stops a campaign at the hour's budget (counted in the
 * ledger) with the rest still queued, not failed.
 */
let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startCountingSmtp>>;

beforeAll(async () => {
  smtp = await startCountingSmtp();
  t = await createTestApp({
    MAILER_SMTP_URL: smtp.url,
    MAILER_RATE_PER_SECOND: '4',
    MAILER_RATE_PER_HOUR: '10',
    MAILER_CONCURRENCY: '2',
  });
  const admin = await t.createAdmin({ modules: ['mail'] });
  token = (await t.signIn(admin.email)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const totals = async (id: number) =>
  (await t.as(token, { method: 'GET', url: `/api/mail/mailer?id=${id}` })).json();

describe('mailer throttle', () => {
  it('sends at most the rate per second, and stops at the hour budget with the rest queued', async () => {
    const ids = await seedLearners(t.app.deps.db, 14, 'throttle');
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
    await smtp.waitForTotal(10, 30_000);
    // 10 mails at 4 a second: the last batch cannot leave before about 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await new Promise((r) => setTimeout(r, 2000));
    const m = await totals(res.json().id);
    expect(smtp.total()).toBe(10);
    expect(m.status).toBe('sending');
    expect(m.totals).toMatchObject({ sent: 10, queued: 4, failed: 0 });
  }, 60_000);
});
