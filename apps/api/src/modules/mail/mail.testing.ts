import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { foldTrackingEvents } from './mail.tracking-events.ts';

/** `n` learners named `<prefix> <i>` with addresses `<prefix>-<i>@example.test`, in one statement. */
export async function seedLearners(db: Db, n: number, prefix = 'learner') {
  await db.execute(sql`insert into learners (uid, name, email, registered_at, profile_at)
    select gen_random_uuid(), ${prefix} || ' ' || g, ${prefix} || '-' || g || '@example.test', now(), now()
    from generate_series(1, ${n}::int) g`);
  const rows = (await db.execute(
    sql`select id from learners where email like ${`${prefix}-%`} order by id`,
  )) as unknown as { rows: { id: number | string }[] };
  return rows.rows.map((r) => Number(r.id));
}

/**
 * A real SMTP server that refuses the recipients `refuse` names (550 at
 * RCPT TO) and counts what it accepted, by recipient.
 */
export async function startCountingSmtp(refuse: (address: string) => boolean = () => false) {
  const received = new Map<string, number>();
  const raws: string[] = [];
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 200,
    onRcptTo(address, _session, callback) {
      if (refuse(address.address.toLowerCase())) {
        const err = new Error('Mailbox unavailable: no such user here') as Error & {
          responseCode: number;
        };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          const a = r.address.toLowerCase();
          received.set(a, (received.get(a) ?? 0) + 1);
          total++;
        }
        if (raws.length < 50) raws.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  // A sender killed with SIGKILL (the crash test) resets its connections: the
  // receiver sees ECONNRESET, which is expected, not a failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first 50 messages, raw. */
    raws,
    total: () => total,
    async waitForTotal(n: number, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      while (total < n) {
        if (Date.now() > end) throw new Error(`Only ${total} of ${n} mails within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One app per test file whose campaigns go to a counting SMTP server, with a
 * mail admin signed in: `post` and `get` call the API as that admin.
 */
export function useCampaignTestApp(env: Record<string, string> = {}) {
  const w = {} as {
    t: TestApp;
    token: string;
    smtp: Awaited<ReturnType<typeof startCountingSmtp>>;
    post(url: string, payload: object): ReturnType<TestApp['as']>;
    get(url: string): ReturnType<TestApp['as']>;
  };
  beforeAll(async () => {
    w.smtp = await startCountingSmtp();
    w.t = await createTestApp({ MAILER_SMTP_URL: w.smtp.url, ...env });
    const admin = await w.t.createAdmin({ modules: ['mail'] });
    w.token = (await w.t.signIn(admin.email)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await w.t?.close();
    await w.smtp?.close();
  });
  w.post = (url, payload) => w.t.as(w.token, { method: 'POST', url: `/api${url}`, payload });
  w.get = (url) => w.t.as(w.token, { method: 'GET', url: `/api${url}` });
  return w;
}

type CampaignTestApp = ReturnType<typeof useCampaignTestApp>;

/**
 * A mailer of `html` to `n` new learners `<prefix>-<i>@example.test`, sent
 * to its end; `track` as given (the default when left out). Answers its id,
 * its `track` and its ledger rows in id order.
 */
export async function sendMailerTo(
  w: CampaignTestApp,
  prefix: string,
  n: number,
  opts: { html: string; track?: boolean },
) {
  const ids = await seedLearners(w.t.app.deps.db, n, prefix);
  const tpl = await w.post('/mail/createtemplate', {
    name: `Test ${randomUUID()}`,
    subject: 'News for {{first_name}}',
    html: opts.html,
  });
  expect(tpl.statusCode, tpl.body).toBe(200);
  const res = await w.post('/mail/sendmailer', {
    templateId: tpl.json().id,
    audience: { kind: 'list', entries: ids.map(String) },
    idempotencyKey: randomUUID(),
    ...(opts.track === undefined ? {} : { track: opts.track }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  await expect
    .poll(async () => (await w.get(`/mail/mailer?id=${id}`)).json().status, { timeout: 30_000 })
    .toBe('done');
  const rows = (
    await w.t.app.deps.db.execute<{ id: number | string }>(
      sql`select r.id from delivery_recipients r join mailers m on m.delivery_id = r.delivery_id
        where m.id = ${id} order by r.id`,
    )
  ).rows.map((r) => Number(r.id));
  return { id, track: res.json().track as boolean, rows };
}

/**
 * Every tracking event counted in. The server's own fold may hold some rows
 * meanwhile (PostgreSQL): folded again until none is left.
 */
export async function foldAllEvents(deps: Deps) {
  for (;;) {
    await foldTrackingEvents(deps);
    const [left] = (
      await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_tracking_events`)
    ).rows;
    if (!left?.n) return;
  }
}
