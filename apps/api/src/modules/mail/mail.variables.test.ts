import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { render, SAMPLE_VALUES } from './mail.render.ts';
import { seedLearners, startCountingSmtp } from './mail.testing.ts';

/**
 * A variable that is not a learner field can never be saved, render or stall
 * a campaign: `{{<script>x</script>constructor}}` was cleaned into
 * `{{constructor}}` after the check (saved 200, preview 500, the campaign
 * stuck "sending" with its job retrying, a cancel leaving rows "sending").
 */
let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startCountingSmtp>>;

beforeAll(async () => {
  smtp = await startCountingSmtp();
  t = await createTestApp({ MAILER_SMTP_URL: smtp.url, MAILER_RATE_PER_SECOND: '0' });
  const admin = await t.createAdmin({ modules: ['mail'] });
  token = (await t.signIn(admin.email)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const mailerOf = async (id: number) =>
  (await t.as(token, { method: 'GET', url: `/api/mail/mailer?id=${id}` })).json();
const db = () => t.app.deps.db;

const HIDDEN = [
  '<p>Hi {{<script>x</script>constructor}}</p>',
  '<p>Hi {{<b></b>constructor}}</p>',
  '<p>Hi {<i>{</i>__proto__}}</p>',
  '<p>{{na<style>p{}</style>me}} {{toString}}</p>',
];

describe('template variables are checked as stored', () => {
  it.each(HIDDEN)('refuses %s on save and in the preview (400, never 500)', async (html) => {
    const saved = await post('/mail/createtemplate', {
      name: `T ${randomUUID()}`,
      subject: 'Hi',
      html,
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().code).toBe('unknown_variables');
    const preview = await post('/mail/previewtemplate', { subject: 'Hi', html });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json().code).toBe('unknown_variables');
  });

  it('fills only the values own fields: {{constructor}} and friends are empty, never a function', () => {
    const out = render(
      {
        subject: 'A{{constructor}}B',
        html: '<p>{{__proto__}}{{toString}}{{name}}</p>',
        text: '{{hasOwnProperty}}',
      },
      SAMPLE_VALUES,
    );
    expect(out).toEqual({ subject: 'AB', html: `<p>${SAMPLE_VALUES.name}</p>`, text: '' });
  });
});

describe('a campaign whose template cannot be rendered', () => {
  it('fails whole with its reason: no mail, no recipient queued or sending, the job ends', async () => {
    const ids = await seedLearners(db(), 3, 'unrenderable');
    // Saved before the check read the cleaned HTML: the row as it was stored then.
    const [tpl] = await db()
      .insert(mailTemplates)
      .values({
        name: `Old ${randomUUID()}`,
        subject: 'Hello',
        html: '<p>Hi {{constructor}}</p>',
        text: 'Hi {{constructor}}',
        variables: ['constructor'],
      })
      .returning();
    const sent = await post('/mail/sendmailer', {
      templateId: tpl!.id,
      audience: { kind: 'list', entries: ids.map(String) },
      idempotencyKey: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id as number;
    let m = await mailerOf(id);
    for (let i = 0; i < 300 && m.status === 'sending'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      m = await mailerOf(id);
    }
    expect(m.status).toBe('failed');
    expect(m.failureReason).toContain('{{constructor}}');
    expect(m.totals).toMatchObject({ recipients: 3, queued: 0, sending: 0, sent: 0, skipped: 3 });
    expect(smtp.total()).toBe(0);
    const jobs = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'delivery.send' and state in ('created', 'retry', 'active')`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Nothing left to act on.
    expect((await post('/mail/mailerstate', { id, action: 'cancel' })).statusCode).toBe(409);
    await db().delete(mailTemplates).where(eq(mailTemplates.id, tpl!.id));
  });
});

describe('cancel', () => {
  it('leaves no recipient sending, even rows a stopped sender left in flight', async () => {
    const ids = await seedLearners(db(), 4, 'inflight');
    const created = await post('/mail/createtemplate', {
      name: `T ${randomUUID()}`,
      subject: 'Hi {{first_name}}',
      html: '<p>Dear {{name}}</p>',
    });
    const sent = await post('/mail/sendmailer', {
      templateId: created.json().id,
      audience: { kind: 'list', entries: ids.map(String) },
      idempotencyKey: randomUUID(),
    });
    const id = sent.json().id as number;
    expect((await post('/mail/mailerstate', { id, action: 'pause' })).statusCode).toBe(200);
    // What a sender killed mid-batch leaves behind: two rows `sending`, nobody on them.
    await db().execute(sql`update delivery_recipients set state = 'sending'
      where id in (select r.id from delivery_recipients r join mailers m on m.delivery_id = r.delivery_id
        where m.id = ${id} and r.state = 'queued' order by r.id limit 2)`);
    const cancel = await post('/mail/mailerstate', { id, action: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect(cancel.json().totals.sending).toBe(0);
    expect(cancel.json().totals.queued).toBe(0);
  });
});
