import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '../db/client.ts';
import { admins } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from '../lib/passwords.ts';
import { TEST_PASSWORD } from '../test/harness.ts';
import { createEffectTables, effectJob } from '../test/jobs.effect-kind.ts';
import { type ServerProcess, spawnServer } from '../test/process.testing.ts';
import { codeIn, startSmtpReceiver } from '../test/smtp-receiver.ts';
import { createPostgresDatabase } from '../test/test-database.ts';
import { JobQueue } from './queue.ts';

/**
 * The queue across real server processes (src/test/jobs-test-server.ts: the
 * product's server.ts plus the `test.effect` kind), on a PGlite data
 * directory and, when DATABASE_URL is set, on PostgreSQL too:
 * - SIGTERM while two jobs run: the short one finishes before exit, the long
 *   one is handed back and finished by the next start;
 * - kill -9 mid-job, then a restart on the same data: the job finishes, its
 *   effect exactly once;
 * - two processes on one PostgreSQL database: each job runs exactly once.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const JWT_SECRET = 'process-test-secret-process-test-secret-0123';
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Deps['log'];

interface Place {
  dataDir: string;
  url?: string;
}

function target(place: Place): DatabaseTarget {
  return place.url
    ? { kind: 'postgres', url: place.url, poolSize: 2 }
    : { kind: 'pglite', dataDir: place.dataDir, purpose: 'job test' };
}

async function withDb<T>(
  place: Place,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const database = await openDatabase(target(place));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Enqueues from this process (only enqueues: no workers here). */
async function enqueue(
  place: Place,
  jobs: { key: string; holdMs: number; expireInSeconds?: number }[],
) {
  return withDb(place, async (database) => {
    await createEffectTables(database.db);
    const queue = new JobQueue(database, [effectJob], () => ({ log: silentLog }) as Deps);
    await queue.start({ work: false });
    const ids: string[] = [];
    for (const j of jobs)
      ids.push(
        await queue.enqueue(
          database.db,
          'test.effect' as never,
          { key: j.key, holdMs: j.holdMs } as never,
          {
            expireInSeconds: j.expireInSeconds,
          },
        ),
      );
    await queue.stop();
    return ids;
  });
}

async function facts(place: Place, keys: string[]) {
  return withDb(place, async (database) => {
    const out: Record<string, { state: string; runs: number; effects: number }> = {};
    for (const key of keys) {
      const rows = (r: unknown) =>
        ((r as { rows: Record<string, unknown>[] }).rows ?? []) as never[];
      const [job] = rows(
        await database.db.execute(
          sql`select state::text as state from pgboss.job where name = 'test.effect' and data->'data'->>'key' = ${key}`,
        ),
      ) as { state: string }[];
      const [runs] = rows(
        await database.db.execute(
          sql`select count(*)::int as n from test_job_runs where key = ${key}`,
        ),
      ) as { n: number }[];
      const [effects] = rows(
        await database.db.execute(
          sql`select count(*)::int as n from test_job_effects where key = ${key}`,
        ),
      ) as { n: number }[];
      out[key] = { state: job?.state ?? 'missing', runs: runs?.n ?? 0, effects: effects?.n ?? 0 };
    }
    return out;
  });
}

async function start(place: Place, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await spawnServer('src/test/jobs-test-server.ts', {
    DATA_DIR: place.dataDir,
    JWT_SECRET,
    WEB_DIST: path.join(place.dataDir, 'no-web'),
    ...(place.url ? { DATABASE_URL: place.url } : {}),
    ...extra,
  });
  cleanups.push(() => void server.stop('SIGKILL'));
  return server;
}

async function newPlace(onPostgres: boolean): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-jobs-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!onPostgres) return { dataDir };
  const db = await createPostgresDatabase(process.env.DATABASE_URL!, { empty: true });
  cleanups.push(() => db.drop());
  return { dataDir, url: db.url };
}

async function survivesSigtermAndKill(place: Place) {
  // SIGTERM with two jobs running: 'short' ends within the drain, 'long' is released.
  await enqueue(place, [
    { key: 'short', holdMs: 2500 },
    { key: 'long', holdMs: 120_000 },
  ]);
  let server = await start(place);
  await server.waitFor(/test-job-running short/);
  await server.waitFor(/test-job-running long/);
  const t0 = Date.now();
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(Date.now() - t0).toBeLessThan(10_000);
  expect(await facts(place, ['short', 'long'])).toEqual({
    short: { state: 'completed', runs: 1, effects: 1 },
    long: { state: 'retry', runs: 1, effects: 0 },
  });

  // The next start finishes 'long'; kill -9 it while 'crash' runs.
  await enqueue(place, [{ key: 'crash', holdMs: 120_000, expireInSeconds: 4 }]);
  server = await start(place);
  await server.waitFor(/test-job-done long/);
  await server.waitFor(/test-job-running crash/);
  expect(await server.stop('SIGKILL')).toBeNull();

  // A restart on the same data finishes 'crash' (PGlite at once; PostgreSQL once it expires).
  server = await start(place);
  await server.waitFor(/test-job-done crash/, 60_000);
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(await facts(place, ['short', 'long', 'crash'])).toEqual({
    short: { state: 'completed', runs: 1, effects: 1 },
    long: { state: 'completed', runs: 2, effects: 1 },
    crash: { state: 'completed', runs: 2, effects: 1 },
  });
}

describe('job queue across processes', () => {
  it('PGlite: SIGTERM loses nothing; after kill -9 a restart finishes the job once', async () => {
    await survivesSigtermAndKill(await newPlace(false));
  }, 240_000);

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: SIGTERM loses nothing; after kill -9 a restart finishes the job once',
    async () => {
      await survivesSigtermAndKill(await newPlace(true));
    },
    240_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: two server processes on one database run each job exactly once (mails enqueued by one, jobs by a third)',
    async () => {
      const place = await newPlace(true);
      await enqueue(place, []);
      const smtp = await startSmtpReceiver();
      cleanups.push(() => smtp.close());
      const email = 'two@example.test';
      await withDb(place, async (database) => {
        await database.db.insert(admins).values({
          email,
          name: 'Two',
          passwordHash: await hashPassword(TEST_PASSWORD),
          role: 'super_admin',
          status: 'active',
        });
      });
      const [a, b] = await Promise.all([
        start(place, { SMTP_URL: smtp.url }),
        start(place, { SMTP_URL: smtp.url }),
      ]);
      // Mail jobs enqueued by one process (sign-ins on A): each mailed once, whichever runs it.
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${a.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: TEST_PASSWORD }),
        });
        expect(res.status).toBe(200);
      }
      const keys = Array.from({ length: 30 }, (_, i) => `pair-${i}`);
      await enqueue(
        place,
        keys.map((key) => ({ key, holdMs: 100 })),
      );
      for (const key of keys)
        await Promise.race([
          a.waitFor(new RegExp(`test-job-done ${key}\\b`)),
          b.waitFor(new RegExp(`test-job-done ${key}\\b`)),
        ]);
      await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(6);
      await withDb(place, async (database) => {
        await expect
          .poll(
            async () =>
              (
                await database.executeSql(
                  `select count(*)::int as n from pgboss.job where name = 'delivery.now' and state = 'completed'`,
                )
              ).rows[0]?.n,
            { timeout: 10_000 },
          )
          .toBe(6);
      });
      expect(new Set(smtp.mails.map(codeIn)).size).toBe(6);
      expect(await a.stop('SIGTERM')).toBe(0);
      expect(await b.stop('SIGTERM')).toBe(0);
      const all = await facts(place, keys);
      for (const key of keys)
        expect(all[key], key).toEqual({ state: 'completed', runs: 1, effects: 1 });
      const pids = await withDb(place, async (database) => {
        const r = (await database.db.execute(
          sql`select pid, count(*)::int as n from test_job_runs where key like 'pair-%' group by pid`,
        )) as unknown as { rows: { pid: number; n: number }[] };
        return r.rows;
      });
      // Both processes took work (SKIP LOCKED hands each job to one of them).
      expect(pids.length).toBe(2);
    },
    240_000,
  );
});
