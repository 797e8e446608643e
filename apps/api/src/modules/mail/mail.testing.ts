import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
