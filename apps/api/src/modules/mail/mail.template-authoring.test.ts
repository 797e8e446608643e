import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { render, SAMPLE_VALUES } from './mail.render.ts';

/**
 * Writing templates: variables with fallbacks (`{{first_name | "Learner"}}`),
 * a mistyped or unknown variable refused at save with its place, and a test
 * send that arrives at a real SMTP receiver, marked as a test.
 */
let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ modules: ['mail'] });
  email = admin.email;
  token = (await t.signIn(admin.email)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });

describe('variables with fallbacks', () => {
  it('fill a missing value with the fallback, escaped as written in the HTML', () => {
    const out = render(
      {
        subject: 'Hello {{first_name | "Learner"}} from {{ city | "your city" }}',
        html: '<p>Hi {{ first_name | "Learner &amp; friend" }}, {{school|""}}!</p>',
        text: 'Hi {{first_name | "Learner & friend"}}',
      },
      { ...SAMPLE_VALUES, first_name: '', school: '', city: 'Pune <b>' },
    );
    expect(out.subject).toBe('Hello Learner from Pune <b>');
    expect(out.html).toBe('<p>Hi Learner &amp; friend, !</p>');
    expect(out.text).toBe('Hi Learner & friend');
    // A learner's own value wins over the fallback, and is escaped.
    const own = render(
      { subject: '{{first_name | "Learner"}}', html: '<p>{{first_name | "L"}}</p>', text: '' },
      { ...SAMPLE_VALUES, first_name: 'Zoë <i>' },
    );
    expect(own).toMatchObject({ subject: 'Zoë <i>', html: '<p>Zoë &lt;i&gt;</p>' });
  });

  it('are saved, and the preview uses them for the sample learner', async () => {
    const saved = await post('/mail/createtemplate', {
      name: `Fallbacks ${randomUUID()}`,
      subject: 'Hi {{first_name | "Learner"}}',
      html: '<p>Dear {{ name | "learner" }}, from {{city}}.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variables).toEqual(['first_name', 'name', 'city']);
  });

  it('refuses a mistyped or unknown variable at save, naming each with its line', async () => {
    const res = await post('/mail/createtemplate', {
      name: `Broken ${randomUUID()}`,
      subject: 'Hi {{ first_name | Learner }}',
      html: '<p>Dear {{name}},</p>\n<p>your score: {{score}}</p>\n<p>{{ city | "x }}</p>',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('unknown_variables');
    expect(body.message).toBe(
      'Fix 3 variables of the template: {{ first_name | Learner }}, {{ city | "x }}, {{score}}',
    );
    expect(body.details).toEqual([
      {
        path: 'subject',
        message:
          '{{ first_name | Learner }} (line 1) is not a variable: write {{first_name}}, or {{first_name | "Learner"}} with a fallback in double quotes.',
      },
      {
        path: 'html',
        message:
          '{{ city | "x }} (line 3) is not a variable: write {{first_name}}, or {{first_name | "Learner"}} with a fallback in double quotes.',
      },
      {
        path: 'html',
        message: expect.stringMatching(
          /^\{\{score\}\} \(line 2\) is not a learner field: use one of name, first_name/,
        ),
      },
    ]);
  });
});

describe('test send', () => {
  it('mails the unsaved template to the admin, filled and marked as a test', async () => {
    const res = await post('/mail/testsendtemplate', {
      subject: 'Welcome {{first_name | "Learner"}}',
      html: '<p>See you in {{city}}.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: [email] });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
    );
    expect(mail.subject).toBe('[Test] Welcome Asha');
    expect(mail.body).toContain('See you in Pune.');
    expect(mail.body).toContain("Test of a template, with Sample learner's values");
  });

  it('mails up to 5 addresses; more, a bad address or an unknown variable is refused and nothing is sent', async () => {
    const to = ['editor.one@example.test', 'editor.two@example.test'];
    const ok = await post('/mail/testsendtemplate', { subject: 'Two', html: '<p>x</p>', to });
    expect(ok.json()).toEqual({ sent: to });
    for (const a of to) await t.smtp.waitFor((m) => m.to.includes(a) && m.subject === '[Test] Two');
    const before = t.smtp.mails.length;
    const six = await post('/mail/testsendtemplate', {
      subject: 'Six',
      html: '<p>x</p>',
      to: Array.from({ length: 6 }, (_, i) => `a${i}@example.test`),
    });
    expect(six.statusCode).toBe(400);
    const bad = await post('/mail/testsendtemplate', {
      subject: 'Bad',
      html: '<p>x</p>',
      to: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await post('/mail/testsendtemplate', {
      subject: '{{score}}',
      html: '<p>x</p>',
    });
    expect(unknown.json().code).toBe('unknown_variables');
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.mails.length).toBe(before);
  });
});
