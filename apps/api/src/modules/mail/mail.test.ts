import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TINY_PNG } from '../media/media.fixtures.ts';
import { multipart } from '../toc/toc.fixtures.ts';
import { seedLearners, startCountingSmtp } from './mail.testing.ts';

/**
 * Templates (variables, sanitising, preview, images), campaigns (idempotent
 * creation, ledger, headers, unsubscribe, refusals, pause/resume, cancel,
 * retry) on a real database, a real queue and real SMTP servers: the
 * harness's receiver for sign-in codes, a counting one (that refuses
 * `refused-*` addresses) for campaigns.
 */
let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startCountingSmtp>>;
const refusedNow = new Set<string>();

beforeAll(async () => {
  smtp = await startCountingSmtp((a) => refusedNow.has(a));
  t = await createTestApp({
    MAILER_SMTP_URL: smtp.url,
    MAILER_RATE_PER_SECOND: '0',
    MAILER_CONCURRENCY: '4',
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
const get = (url: string) => t.as(token, { method: 'GET', url: `/api${url}` });
const db = () => t.app.deps.db;

async function template(
  html = '<p>Dear {{name}}, from {{city}}.</p>',
  subject = 'Hi {{first_name}}',
) {
  const res = await post('/mail/createtemplate', { name: `T ${randomUUID()}`, subject, html });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; html: string; text: string; variables: string[] };
}

async function send(templateId: number, learnerIds: number[], key = randomUUID()) {
  const res = await post('/mail/sendmailer', {
    templateId,
    audience: { kind: 'list', entries: learnerIds.map(String) },
    idempotencyKey: key,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; totals: Record<string, number> };
}

interface Polled {
  status: string;
  totals: Record<string, number>;
}

async function settled(id: number, until = (m: Polled) => m.status === 'done'): Promise<Polled> {
  for (let i = 0; i < 600; i++) {
    const m = (await get(`/mail/mailer?id=${id}`)).json();
    if (until(m)) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mailer ${id} did not settle`);
}

describe('templates', () => {
  it('refuses unknown variables, naming each', async () => {
    const res = await post('/mail/createtemplate', {
      name: 'Bad vars',
      subject: 'Hi {{nmae}}',
      html: '<p>{{name}} {{grade}} {{score}} {{ password }}</p>',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('unknown_variables');
    expect(body.message).toContain('{{nmae}}');
    expect(body.message).toContain('{{score}}');
    expect(body.message).toContain('{{ password }}');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'html',
      'html',
      'subject',
    ]);
  });

  it('refuses CR/LF in a subject or a name (no header injection)', async () => {
    for (const bad of [
      { name: 'x', subject: 'Hi\r\nBcc: victim@example.test', html: '<p>x</p>' },
      { name: 'a\nb', subject: 'Hi', html: '<p>x</p>' },
    ]) {
      const res = await post('/mail/createtemplate', bad);
      expect(res.statusCode).toBe(400);
    }
  });

  it('sanitises the HTML, keeps our images only, and makes the text part', async () => {
    const up = await t.as(token, {
      method: 'POST',
      url: '/api/mail/uploademailerimage',
      ...(await multipart(TINY_PNG, 'banner.png', {})),
    });
    expect(up.statusCode, up.body).toBe(200);
    const { url } = up.json();
    expect(url).toMatch(
      /^https:\/\/backoffice\.example\.test\/api\/mail\/image\?key=[0-9a-f-]{36}\.png$/,
    );
    const tpl = await template(
      `<p onclick="steal()">Hello {{name}}</p><script>alert(1)</script><img src="${url}" alt="Banner">
       <img src="https://tracker.example.com/p.gif"><a href="javascript:alert(1)">bad</a>
       <a href="https://example.com/read">Read more</a><iframe src="https://x"></iframe>
       <p style="color: red; background: url(https://x/y)">Styled</p>`,
    );
    expect(tpl.html).not.toMatch(/script|onclick|javascript|tracker|iframe|url\(/i);
    expect(tpl.html).toContain(`src="${url}"`);
    expect(tpl.html).toContain('rel="noopener noreferrer"');
    expect(tpl.variables).toEqual(['first_name', 'name']);
    expect(tpl.text).toContain('Hello {{name}}');
    expect(tpl.text).toContain('Read more (https://example.com/read)');
    expect(tpl.text).toContain('Banner');
    const img = await t.app.inject({
      method: 'GET',
      url: new URL(url).pathname + new URL(url).search,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toContain('immutable');
    // Shown from other origins: webmail, and the editor's sandboxed preview frame.
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const text = await t.as(token, {
      method: 'POST',
      url: '/api/mail/uploademailerimage',
      ...(await multipart(Buffer.from('not an image at all'), 'fake.png', {})),
    });
    expect(text.statusCode).toBe(415);
  });

  it('previews with the sample learner and with a real one, values escaped', async () => {
    const [id] = await seedLearners(db(), 1, 'preview');
    await db().execute(
      sql`update learners set name = 'Ravi <b>Bold</b> & Co', city = 'Goa' where id = ${id!}`,
    );
    const body = { subject: 'Hi {{first_name}}', html: '<p>{{name}} of {{city}}</p>' };
    const sample = (await post('/mail/previewtemplate', body)).json();
    expect(sample.learner.id).toBeNull();
    expect(sample.html).toContain('Asha Sample of Pune');
    const real = (await post('/mail/previewtemplate', { ...body, learnerId: id })).json();
    expect(real.html).toBe('<p>Ravi &lt;b&gt;Bold&lt;/b&gt; &amp; Co of Goa</p>');
    expect(real.subject).toBe('Hi Ravi');
    expect(real.text).toContain('Ravi <b>Bold</b> & Co of Goa');
    const found = (await get('/mail/learners?q=bold')).json();
    expect(found.items.map((l: { id: number }) => l.id)).toEqual([id]);
  });
});

describe('mailers', () => {
  it('creates one campaign per idempotency key, mails each learner once with one-click unsubscribe', async () => {
    const ids = await seedLearners(db(), 5, 'idem');
    await db().execute(sql`update learners set email = null where id = ${ids[4]!}`);
    const tpl = await template();
    const key = randomUUID();
    const [a, b] = await Promise.all([send(tpl.id, ids, key), send(tpl.id, ids, key)]);
    expect(b.id).toBe(a.id);
    const done = await settled(a.id);
    expect(done.totals).toMatchObject({ recipients: 5, sent: 4, skipped: 1 });
    const made = (await db().execute(
      sql`select count(*)::int as n from mailers where idempotency_key = ${key}`,
    )) as unknown as { rows: { n: number }[] };
    expect(made.rows[0]!.n).toBe(1);
    for (const i of [1, 2, 3, 4]) expect(smtp.received.get(`idem-${i}@example.test`)).toBe(1);
    const skipped = (await get(`/mail/mailerrecipients?mailerId=${a.id}&state=skipped`)).json();
    expect(skipped.items[0].reason).toBe('no e-mail address');

    const raw = smtp.raws.find((r) => r.includes('idem-1@example.test'))!;
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe:\s*<(https:\/\/[^>]+)>/m.exec(raw)?.[1];
    expect(link).toBeDefined();
    expect(raw).toMatch(/Subject: Hi idem/);
    const path = new URL(link!).pathname;
    // GET shows a button only; the POST a mail client sends records it.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const forged = path.replace(/-[0-9a-f]{32}$/, `-${'0'.repeat(32)}`);
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    const one = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(one.statusCode).toBe(200);
    const again = await send(tpl.id, ids.slice(0, 2));
    const second = await settled(again.id);
    expect(second.totals).toMatchObject({ sent: 1, skipped: 1 });
    const why = (await get(`/mail/mailerrecipients?mailerId=${again.id}&state=skipped`)).json();
    expect(why.items[0]).toMatchObject({
      email: 'idem-1@example.test',
      reason: 'suppressed: unsubscribed',
    });
    expect(smtp.received.get('idem-1@example.test')).toBe(1);
  });

  it('leaves refused recipients failed with the SMTP answer, and sends them on retry', async () => {
    const refusedIds = await seedLearners(db(), 3, 'flaky');
    const ok = await seedLearners(db(), 3, 'accepted');
    for (const i of [1, 2, 3]) refusedNow.add(`flaky-${i}@example.test`);
    const tpl = await template();
    const m = await send(tpl.id, [...refusedIds, ...ok]);
    const done = await settled(m.id);
    expect(done.totals).toMatchObject({ recipients: 6, sent: 3, failed: 3 });
    const failed = (await get(`/mail/mailerrecipients?mailerId=${m.id}&state=failed`)).json();
    expect(failed.items).toHaveLength(3);
    for (const f of failed.items) {
      expect(f.reason).toContain('550');
      expect(smtp.received.get(f.email)).toBeUndefined();
    }
    // The mailboxes exist now: "retry the failed" sends them, and only them.
    refusedNow.clear();
    const retry = await post('/mail/mailerstate', { id: m.id, action: 'retry_failed' });
    expect(retry.statusCode, retry.body).toBe(200);
    const after = await settled(m.id);
    expect(after.totals).toMatchObject({ sent: 6, failed: 0 });
    for (const i of [1, 2, 3]) {
      expect(smtp.received.get(`flaky-${i}@example.test`)).toBe(1);
      expect(smtp.received.get(`accepted-${i}@example.test`)).toBe(1);
    }
    const none = await post('/mail/mailerstate', { id: m.id, action: 'pause' });
    expect(none.statusCode).toBe(409);
  });

  it('pauses and resumes without sending anyone twice; cancel skips the rest', async () => {
    const ids = await seedLearners(db(), 400, 'pause');
    const tpl = await template();
    const m = await send(tpl.id, ids);
    await settled(m.id, (x) => x.totals.sent! >= 40);
    expect((await post('/mail/mailerstate', { id: m.id, action: 'pause' })).statusCode).toBe(200);
    const paused = await settled(m.id, (x) => x.status === 'paused' && x.totals.sending === 0);
    await new Promise((r) => setTimeout(r, 500));
    const still = (await get(`/mail/mailer?id=${m.id}`)).json();
    expect(still.totals.sent).toBe(paused.totals.sent);
    expect(still.totals.sent).toBeLessThan(400);
    expect((await post('/mail/mailerstate', { id: m.id, action: 'resume' })).statusCode).toBe(200);
    const done = await settled(m.id);
    expect(done.totals).toMatchObject({ recipients: 400, sent: 400 });
    for (const i of [1, 100, 200, 400])
      expect(smtp.received.get(`pause-${i}@example.test`)).toBe(1);
    const total = ids.length;
    const counted = [...smtp.received.entries()].filter(([a]) => a.startsWith('pause-'));
    expect(counted).toHaveLength(total);
    expect(counted.every(([, n]) => n === 1)).toBe(true);

    const more = await seedLearners(db(), 300, 'cancel');
    const c = await send(tpl.id, more);
    await settled(c.id, (x) => x.totals.sent! >= 10);
    expect((await post('/mail/mailerstate', { id: c.id, action: 'cancel' })).statusCode).toBe(200);
    const cancelled = await settled(
      c.id,
      (x) => x.status === 'cancelled' && x.totals.sending === 0,
    );
    expect(cancelled.totals.queued).toBe(0);
    expect(cancelled.totals.sent! + cancelled.totals.skipped!).toBe(300);
    expect((await post('/mail/mailerstate', { id: c.id, action: 'resume' })).statusCode).toBe(409);
  });

  it('keeps the ledger to real learners and deliveries; deleting a learner or a mailer deletes its rows', async () => {
    const ids = await seedLearners(db(), 3, 'ledger');
    const m = await send((await template()).id, ids);
    await settled(m.id);
    const deliveryId = (
      (await db().execute(sql`select delivery_id from mailers where id = ${m.id}`)) as unknown as {
        rows: { delivery_id: number }[];
      }
    ).rows[0]!.delivery_id;
    const rows = async () =>
      (
        (await db().execute(
          sql`select learner_id from delivery_recipients where delivery_id = ${deliveryId}`,
        )) as unknown as { rows: unknown[] }
      ).rows.length;
    expect(await rows()).toBe(3);
    // The statement triggers stand for foreign keys (migration 0025).
    await expect(
      db().execute(
        sql`insert into delivery_recipients (delivery_id, channel, learner_id) values (${deliveryId}, 'bulk-mail', -1)`,
      ),
    ).rejects.toThrow();
    await expect(
      db().execute(
        sql`insert into delivery_recipients (delivery_id, channel, learner_id) values (-1, 'bulk-mail', ${ids[0]!})`,
      ),
    ).rejects.toThrow();
    await db().execute(sql`delete from learners where id = ${ids[0]!}`);
    expect(await rows()).toBe(2);
    await db().execute(sql`delete from mailers where id = ${m.id}`);
    expect(await rows()).toBe(0);
  });
});
