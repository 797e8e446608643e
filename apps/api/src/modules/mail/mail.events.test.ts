import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailEventsApp } from './mail.events.testing.ts';
import { MAIL_EVENTS_PATH } from './mail.events-webhook.ts';

/**
 * The mail provider's signed webhook: its refusals (off, unsigned, signed
 * otherwise, too old, replayed, malformed) and that an accepted call is
 * audited with counts only. What an accepted event changes is in
 * mail.suppression.test.ts. Real database, queue and SMTP receiver.
 */
const { w, secret, signed, hook, event } = useMailEventsApp({ MAILER_RATE_PER_SECOND: '0' });
const db = () => w.t.app.deps.db;

describe('the mail events webhook', () => {
  it('is off, and says so, without MAIL_EVENTS_SECRET', async () => {
    const mailers = w.t.app.deps.config.mailers;
    mailers.eventsSecret = undefined;
    try {
      const res = await hook(signed({ events: [event({ email: 'off@example.test' })] }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('off');
    } finally {
      mailers.eventsSecret = secret;
    }
  });

  it('refuses a missing or wrong signature, an old timestamp, a replay and a malformed body', async () => {
    const body = { events: [event({ email: 'refused@example.test' })] };
    const bare = await w.t.app.inject({
      method: 'POST',
      url: MAIL_EVENTS_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('invalid_signature');
    const otherSecret = await hook(signed(body, { secret: 'x'.repeat(64) }));
    expect(otherSecret.statusCode).toBe(401);
    expect(otherSecret.json().code).toBe('invalid_signature');
    const tampered = signed(body);
    tampered.payload = tampered.payload.replace('refused@', 'someone-else@');
    expect((await hook(tampered)).statusCode).toBe(401);
    const old = await hook(signed(body, { at: w.t.clock().getTime() - 6 * 60_000 }));
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('signature_expired');

    const notJson = await hook(signed('{"events": ['));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('malformed_request');
    const wrong = await hook(
      signed({ events: [{ id: 'e1', type: 'opened', email: 'not an address' }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('validation_failed');
    const paths = wrong.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.events.0.type',
        'body.events.0.email',
        'body.events.0.occurredAt',
      ]),
    );
    expect((await hook(signed({ events: [] }))).statusCode).toBe(400);
    // Nothing refused reached the list.
    const listed = (await w.get('/mail/suppressionlist?q=refused')).json();
    expect(listed.total).toBe(0);

    const call = signed(body);
    const first = await hook(call);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: 1, duplicates: 0, suppressed: 1 });
    const replay = await hook(call);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('signature_reused');
    // The provider sending the same event again, signed anew (the app's clock
    // stands still: a second earlier makes another signature): taken once.
    const again = await hook(signed(body, { at: w.t.clock().getTime() - 1000 }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: 0, duplicates: 1, suppressed: 0, ledgerRows: 0 });
    // Each accepted call is audited with its counts, never an address.
    const audit = (
      await db().execute<{ after: unknown }>(
        sql`select after from audit_log where action = 'mail_events_received' order by id`,
      )
    ).rows;
    expect(audit).toHaveLength(2);
    expect(audit[0]!.after).toMatchObject({ received: 1, suppressed: 1, bounces: 1 });
    expect(JSON.stringify(audit)).not.toContain('@');
  });
});
