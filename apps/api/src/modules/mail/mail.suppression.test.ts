import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailEventsApp } from './mail.events.testing.ts';
import { seedLearners } from './mail.testing.ts';

/**
 * Bounces, complaints and unsubscribes on the suppression list: what an
 * accepted event changes (the list, the ledger row), and that later mailers
 * leave suppressed addresses out until an admin takes one off the list.
 * Real database, queue and SMTP receiver (the counting one of mail.testing.ts).
 */
const { w, signed, hook, event, template, send, done, recipients } = useMailEventsApp({
  MAILER_RATE_PER_SECOND: '0',
});
const db = () => w.t.app.deps.db;

describe('the suppression list', () => {
  it('suppresses a bounced or complaining address, marks its ledger row, and later mailers skip it until it is removed', async () => {
    const ids = await seedLearners(db(), 4, 'bounce');
    // Any case in the learner's address: the list is by address, in lower case.
    await db().execute(
      sql`update learners set email = 'Bounce-1@Example.TEST' where id = ${ids[0]!}`,
    );
    const tpl = await template();
    const first = await send(tpl, ids);
    expect(await done(first)).toMatchObject({ sent: 4 });
    // The Message-ID the provider echoes is the one the mail went out with.
    const raw = w.smtp.raws.find((r) => /^To: Bounce-1@Example\.TEST/im.test(r))!;
    const messageId = /^Message-ID: (<[^>]+>)/im.exec(raw)![1]!;
    expect(messageId).toMatch(new RegExp(`^<mailer-${first}-\\d+@backoffice>$`));
    const [third] = await recipients(first, 'q=bounce-3');
    const res = await hook(
      signed({
        events: [
          event({ email: 'bounce-1@example.test', messageId }),
          event({
            type: 'complaint',
            email: 'bounce-2@example.test',
            mailerId: first,
            detail: undefined,
          }),
          // A Message-ID of another learner's row does not mark that row.
          event({
            email: 'elsewhere@example.test',
            messageId: `<mailer-${first}-${third!.id}@backoffice>`,
          }),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 3, duplicates: 0, suppressed: 3, ledgerRows: 2 });

    // The ledger: searchable by address, filtered by the new states.
    const bounced = await recipients(first, 'state=bounced');
    expect(bounced).toEqual([
      expect.objectContaining({
        email: 'Bounce-1@Example.TEST',
        reason: '550 5.1.1 The mailbox does not exist',
      }),
    ]);
    expect(await recipients(first, 'q=BOUNCE-1')).toEqual([
      expect.objectContaining({ state: 'bounced' }),
    ]);
    expect(await recipients(first, 'state=complained')).toEqual([
      expect.objectContaining({ email: 'bounce-2@example.test', reason: 'complained' }),
    ]);
    expect((await recipients(first, 'q=bounce-3'))[0]!.state).toBe('sent');
    expect(await done(first)).toMatchObject({ sent: 2, bounced: 1, complained: 1 });

    const list = (await w.get('/mail/suppressionlist?q=bounce-')).json();
    expect(list.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'bounce-1@example.test',
          reason: 'bounced',
          mailerId: first,
        }),
        expect.objectContaining({
          email: 'bounce-2@example.test',
          reason: 'complained',
          mailerId: first,
        }),
      ]),
    );
    const onlyComplaints = (
      await w.get('/mail/suppressionlist?reason=complained&q=bounce-')
    ).json();
    expect(onlyComplaints.items.map((s: { email: string }) => s.email)).toEqual([
      'bounce-2@example.test',
    ]);

    // A later mailer: the suppressed addresses are skipped with why, and get no mail.
    const second = await send(tpl, ids);
    expect(await done(second)).toMatchObject({ recipients: 4, sent: 2, skipped: 2 });
    const skipped = await recipients(second, 'state=skipped&sort=email');
    expect(skipped.map((r) => [r.email.toLowerCase(), r.reason])).toEqual([
      ['bounce-1@example.test', 'suppressed: bounced'],
      ['bounce-2@example.test', 'suppressed: complained'],
    ]);
    expect(w.smtp.received.get('bounce-1@example.test')).toBe(1);
    expect(w.smtp.received.get('bounce-2@example.test')).toBe(1);
    expect(w.smtp.received.get('bounce-3@example.test')).toBe(2);

    // Taken off the list (audited): the next mailer reaches it again.
    const removed = await w.post('/mail/removesuppression', { email: 'BOUNCE-1@example.test' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ email: 'bounce-1@example.test', reason: 'bounced' });
    const audit = (
      await db().execute<{ entity_id: string }>(
        sql`select entity_id from audit_log where action = 'mail_suppression_removed'`,
      )
    ).rows;
    expect(audit.map((a) => a.entity_id)).toContain('bounce-1@example.test');
    expect(
      (await w.post('/mail/removesuppression', { email: 'bounce-1@example.test' })).statusCode,
    ).toBe(404);
    const third2 = await send(tpl, [ids[0]!, ids[1]!]);
    expect(await done(third2)).toMatchObject({ sent: 1, skipped: 1 });
    expect(w.smtp.received.get('bounce-1@example.test')).toBe(2);
  });

  it('holds the unsubscribed too: a later mailer skips them', async () => {
    const ids = await seedLearners(db(), 2, 'unsub');
    const tpl = await template();
    const first = await send(tpl, ids);
    await done(first);
    const raw = w.smtp.raws.find((r) => /^To: unsub-1@example\.test/im.test(r))!;
    const link = /^List-Unsubscribe:\s*<(https:\/\/[^>]+)>/m.exec(raw)![1]!;
    const one = await w.t.app.inject({ method: 'POST', url: new URL(link).pathname });
    expect(one.statusCode).toBe(200);
    const list = (await w.get('/mail/suppressionlist?q=unsub-')).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        email: 'unsub-1@example.test',
        reason: 'unsubscribed',
        mailerId: first,
      }),
    ]);
    const preview = await w.post('/mail/previewmailer', {
      templateId: tpl,
      audience: { kind: 'list', entries: ids.map(String) },
    });
    expect(preview.json()).toMatchObject({ recipients: 2, unsubscribed: 1 });
    const second = await send(tpl, ids);
    expect(await done(second)).toMatchObject({ sent: 1, skipped: 1 });
    expect((await recipients(second, 'state=skipped'))[0]).toMatchObject({
      email: 'unsub-1@example.test',
      reason: 'suppressed: unsubscribed',
    });
    expect(w.smtp.received.get('unsub-1@example.test')).toBe(1);
  });

  it('skips at sending an address suppressed after the ledger was written (a scheduled mailer)', async () => {
    const ids = await seedLearners(db(), 2, 'later');
    const tpl = await template();
    const at = new Date(Date.now() + 3000).toISOString();
    const m = await send(tpl, ids, at);
    expect((await recipients(m, 'state=queued')).length).toBe(2);
    const res = await hook(signed({ events: [event({ email: 'later-1@example.test' })] }));
    expect(res.json()).toMatchObject({ received: 1, suppressed: 1, ledgerRows: 0 });
    expect(await done(m)).toMatchObject({ sent: 1, skipped: 1 });
    expect((await recipients(m, 'state=skipped'))[0]!.reason).toBe('suppressed: bounced');
    expect(w.smtp.received.get('later-1@example.test')).toBeUndefined();
    expect(w.smtp.received.get('later-2@example.test')).toBe(1);
  });
});
