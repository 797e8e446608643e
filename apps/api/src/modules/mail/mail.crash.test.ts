import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DatabaseTarget, openDatabase } from '../../db/client.ts';
import { admins, mailTemplates } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { JOBS } from '../../jobs/registry.ts';
import { systemClock } from '../../lib/clock.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { type ServerProcess, spawnServer } from '../../test/process.testing.ts';
import { createPostgresDatabase } from '../../test/test-database.ts';
import { sendMailer } from './mail.mailers.ts';
import { seedLearners, startCountingSmtp } from './mail.testing.ts';

/**
 * Crash safety of a campaign, on real server processes: 10,000 recipients,
 * the server killed with SIGKILL twice while it sends and started again on
 * the same data. Every recipient is mailed; a recipient gets a second mail
 * only if its mail was in flight at a kill, so duplicates are at most
 * MAILER_CONCURRENCY per kill. PGlite by default, PostgreSQL with
 * DATABASE_URL (where a killed run is taken back when its job expires,
 * about a minute).
 */
const SERVER_URL = process.env.DATABASE_URL;
const RECIPIENTS = 10_000;
const CONCURRENCY = 10;
const JWT_SECRET = 'mail-crash-secret-mail-crash-secret-0123456';
const dir = mkdtempSync(path.join(tmpdir(), 'bo-mail-crash-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Deps['log'];

/** The campaign, made by the product's own service before any server runs. */
async function prepare(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET });
  const [admin] = await database.db
    .insert(admins)
    .values({
      email: 'crash@example.test',
      name: 'Crash',
      passwordHash: 'x',
      role: 'super_admin',
      status: 'active',
      modules: [],
    })
    .returning({ id: admins.id });
  await seedLearners(database.db, RECIPIENTS, 'crash');
  const [tpl] = await database.db
    .insert(mailTemplates)
    .values({
      name: 'Crash',
      subject: 'Hello {{first_name}}',
      html: '<p>{{name}}</p>',
      text: '{{name}}',
      variables: ['first_name', 'name'],
    })
    .returning({ id: mailTemplates.id });
  const deps = { db: database.db, config, log: silentLog, clock: systemClock } as Deps;
  const jobs = new JobQueue(database, JOBS, () => ({ ...deps, jobs }) as Deps);
  await jobs.start({ work: false });
  const ctx = {
    adminId: admin!.id,
    adminEmail: 'crash@example.test',
    ip: '127.0.0.1',
    requestId: 'crash',
    userAgent: null,
  };
  const mailer = await sendMailer({ ...deps, jobs }, ctx, { id: admin!.id } as AuthAdmin, {
    templateId: tpl!.id,
    audience: { kind: 'all' },
    idempotencyKey: crypto.randomUUID(),
    track: false,
  });
  await jobs.stop();
  await database.close();
  return mailer.id;
}

describe('a campaign through two kill -9', () => {
  it('mails every recipient, duplicates only what was in flight', async () => {
    const fresh = SERVER_URL
      ? await createPostgresDatabase(SERVER_URL, { empty: true })
      : undefined;
    if (fresh) cleanups.push(fresh.drop);
    const target: DatabaseTarget = fresh
      ? { kind: 'postgres', url: fresh.url, poolSize: 2 }
      : { kind: 'pglite', dataDir: dir, purpose: 'mail crash test' };
    const mailerId = await prepare(target);
    const smtp = await startCountingSmtp();
    cleanups.push(smtp.close);
    const env = {
      DATA_DIR: dir,
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      JWT_SECRET,
      MAILER_SMTP_URL: smtp.url,
      MAILER_RATE_PER_SECOND: '0',
      MAILER_CONCURRENCY: String(CONCURRENCY),
      FILE_SWEEP_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    };
    let server: ServerProcess = await spawnServer('src/server.ts', env);
    cleanups.push(() => void server.stop('SIGKILL'));
    const kills: number[] = [];
    for (const at of [2_500, 6_000]) {
      await smtp.waitForTotal(at, 240_000);
      await server.stop('SIGKILL');
      kills.push(smtp.total());
      server = await spawnServer('src/server.ts', env);
    }
    const end = Date.now() + 400_000;
    while (smtp.received.size < RECIPIENTS && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    // The last batch's outcome and the campaign's end are written right after its mails.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await server.stop('SIGTERM')).toBe(0);

    expect(smtp.received.size).toBe(RECIPIENTS);
    const duplicates = smtp.total() - RECIPIENTS;
    expect(duplicates).toBeLessThanOrEqual(kills.length * CONCURRENCY);
    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    const { rows } =
      (await database.db.execute(sql`with d as (select delivery_id as id from mailers where id = ${mailerId}) select
        (select status from deliveries where id = (select id from d)) as status,
        (select count(*)::int from delivery_recipients where delivery_id = (select id from d) and state = 'sent') as sent,
        (select count(*)::int from delivery_recipients where delivery_id = (select id from d) and attempts > 1) as retried`)) as unknown as {
        rows: { status: string; sent: number; retried: number }[];
      };
    console.log(JSON.stringify({ kills, duplicates, ...rows[0] }));
    expect(rows[0]).toMatchObject({ status: 'done', sent: RECIPIENTS });
    expect(rows[0]!.retried).toBeLessThanOrEqual(kills.length * CONCURRENCY);
  }, 900_000);
});
