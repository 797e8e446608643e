import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedLearners, useCampaignTestApp } from './mail.testing.ts';

/**
 * A scheduled mailer: nothing is sent before its time, not even when it is
 * resumed early; it sends at its time; a time past or too far is refused.
 * Real queue, real SMTP receiver.
 */
const w = useCampaignTestApp({ MAILER_RATE_PER_SECOND: '0' });
const post = (url: string, payload: object) => w.post(url, payload);

const mailer = async (id: number) =>
  (await w.get(`/mail/mailer?id=${id}`)).json() as {
    status: string;
    sendAt: string | null;
    totals: { sent: number };
  };

async function schedule(sendAt: string, prefix: string) {
  const ids = await seedLearners(w.t.app.deps.db, 2, prefix);
  const tpl = await post('/mail/createtemplate', {
    name: `Scheduled ${randomUUID()}`,
    subject: 'Hi {{first_name | "there"}}',
    html: '<p>Soon.</p>',
  });
  return post('/mail/sendmailer', {
    templateId: tpl.json().id,
    audience: { kind: 'list', entries: ids.map(String) },
    idempotencyKey: randomUUID(),
    sendAt,
  });
}

describe('scheduled mailers', () => {
  it('waits for its time, even when paused and resumed early, then sends', async () => {
    // The app's clock is frozen at its start: "in 4 s" is counted from the real time the queue uses.
    const at = new Date(Date.now() + 4000);
    const res = await schedule(at.toISOString(), 'sched');
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect(await mailer(id)).toMatchObject({ status: 'scheduled', sendAt: at.toISOString() });
    expect((await post('/mail/mailerstate', { id, action: 'pause' })).json().status).toBe('paused');
    expect((await post('/mail/mailerstate', { id, action: 'resume' })).json().status).toBe(
      'scheduled',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(w.smtp.received.get('sched-1@example.test')).toBeUndefined();
    await w.smtp.waitForTotal(2, 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(w.smtp.received.get('sched-1@example.test')).toBe(1);
    await expect.poll(async () => (await mailer(id)).status, { timeout: 10_000 }).toBe('done');
  });

  it('refuses a time already past, or more than 90 days ahead', async () => {
    const now = w.t.clock().getTime();
    for (const [sendAt, message] of [
      [new Date(now - 60_000).toISOString(), 'Choose a time in the future'],
      [new Date(now + 91 * 86_400_000).toISOString(), 'Schedule at most 90 days ahead'],
    ] as const) {
      const res = await schedule(sendAt, `bad${randomUUID().slice(0, 4)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, details: [{ path: 'body.sendAt' }] });
    }
    const garbled = await schedule('tomorrow at noon', 'garbled');
    expect(garbled.statusCode).toBe(400);
  });

  it('cancelled before its time, sends nothing', async () => {
    const before = w.smtp.total();
    const res = await schedule(new Date(Date.now() + 3000).toISOString(), 'cancelled');
    const { id } = res.json();
    expect((await post('/mail/mailerstate', { id, action: 'cancel' })).json().status).toBe(
      'cancelled',
    );
    await new Promise((r) => setTimeout(r, 4500));
    expect(w.smtp.total()).toBe(before);
  });
});
