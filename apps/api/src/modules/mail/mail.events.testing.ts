import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  MAIL_EVENTS_PATH,
  mailEventsSignature,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from './mail.events-webhook.ts';
import { useCampaignTestApp } from './mail.testing.ts';

/**
 * One app per test file with the mail events webhook on (its own secret),
 * campaigns going to the counting SMTP receiver, and what the webhook's and
 * the suppression list's tests do with it: sign a call as the provider does,
 * make an event, send a mailer and wait for it, read its ledger.
 */
export function useMailEventsApp(env: Record<string, string> = {}) {
  const secret = randomBytes(32).toString('hex');
  const w = useCampaignTestApp({ MAIL_EVENTS_SECRET: secret, ...env });

  /** A call of the webhook as the provider makes it: the body signed with its timestamp. */
  function signed(body: unknown, opts: { secret?: string; at?: number } = {}) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const ts = String(Math.floor((opts.at ?? w.t.clock().getTime()) / 1000));
    return {
      method: 'POST' as const,
      url: MAIL_EVENTS_PATH,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: ts,
        [SIGNATURE_HEADER]: `sha256=${mailEventsSignature(opts.secret ?? secret, ts, raw)}`,
      },
      payload: raw,
    };
  }
  const hook = (req: ReturnType<typeof signed>) => w.t.app.inject(req);

  const event = (over: Record<string, unknown>) => ({
    id: `evt-${randomUUID()}`,
    type: 'bounce',
    occurredAt: new Date(w.t.clock().getTime() - 60_000).toISOString(),
    detail: '550 5.1.1 The mailbox does not exist',
    ...over,
  });

  async function template() {
    const res = await w.post('/mail/createtemplate', {
      name: `T ${randomUUID()}`,
      subject: 'News for {{first_name}}',
      html: '<p>Dear {{name}}</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }

  async function send(templateId: number, ids: number[], sendAt?: string) {
    const res = await w.post('/mail/sendmailer', {
      templateId,
      audience: { kind: 'list', entries: ids.map(String) },
      idempotencyKey: randomUUID(),
      ...(sendAt ? { sendAt } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }

  /** Waits for the mailer to be done; its totals. */
  async function done(id: number) {
    let m = (await w.get(`/mail/mailer?id=${id}`)).json();
    for (let i = 0; m.status !== 'done' && i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      m = (await w.get(`/mail/mailer?id=${id}`)).json();
    }
    expect(m.status).toBe('done');
    return m.totals as Record<string, number>;
  }

  const recipients = async (mailerId: number, query: string) =>
    (await w.get(`/mail/mailerrecipients?mailerId=${mailerId}&${query}`)).json().items as {
      id: number;
      email: string;
      state: string;
      reason: string | null;
    }[];

  return { w, secret, signed, hook, event, template, send, done, recipients };
}
