import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { jobsIdle } from '../../test/jobs.testing.ts';
import { codeIn } from '../../test/smtp-receiver.ts';
import { sendMail } from './mail.system.ts';
import { signInCodeMail } from './mail.system-templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('system mail (a delivery of one, on delivery.now)', () => {
  it('delivers a sign-in code within two seconds of the password step', async () => {
    const a = await t.createAdmin();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const since = t.smtp.mails.length;
      const start = performance.now();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: a.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      await t.smtp.waitFor((m) => t.smtp.mails.indexOf(m) >= since && m.to.includes(a.email));
      times.push(performance.now() - start);
    }
    times.sort((x, y) => x - y);
    console.info(
      `sign-in code delivered in ms: median ${Math.round(times[2]!)}, max ${Math.round(times[4]!)}`,
    );
    expect(times[4]).toBeLessThan(2000);
  });

  it('keeps the mail sealed in the ledger and clears it once sent: no code, address or link readable', async () => {
    const a = await t.createAdmin();
    // Read inside the transaction that queues it: what a reader of the database would see before the send.
    const sealed = await t.app.deps.db.transaction(async (tx) => {
      await sendMail(t.app.deps, tx, signInCodeMail(a.email, 'Sealed', '424242', 10));
      const { rows } = (await tx.execute(
        sql`select r.payload, r.address, j.data::text as job from delivery_recipients r
          join deliveries d on d.id = r.delivery_id
          join pgboss.job j on j.name = 'delivery.now' and (j.data->'data'->>'deliveryId')::bigint = d.id
          where d.source = 'system' order by r.id desc limit 1`,
      )) as unknown as { rows: unknown[] };
      return rows[0] as { payload: string; address: string | null; job: string };
    });
    expect(sealed.payload.length).toBeGreaterThan(40);
    expect(sealed.address).toBeNull();
    for (const text of [sealed.payload, sealed.job]) {
      expect(text).not.toContain('424242');
      expect(text).not.toContain(a.email);
    }
    const mail = await t.smtp.waitFor((m) => m.to.includes(a.email));
    expect(codeIn(mail)).toBe('424242');
    await jobsIdle(t.app);
    const { rows } = await t.app.deps.database.executeSql(
      `select count(*)::int as n from delivery_recipients where channel = 'mail' and payload is not null and state = 'sent'`,
    );
    expect(rows[0]!.n).toBe(0);
    // The same Message-ID on a resend lets mail systems drop the duplicate.
    expect(mail.raw).toMatch(/^Message-ID: <delivery-\d+-\d+@backoffice>/im);
  });
});
