import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../test/private-postgres.ts';
import { type ServerProcess, spawnServer } from '../test/process.testing.ts';
import { createPostgresDatabase, postgresAdmin } from '../test/test-database.ts';

/**
 * The real server process on PostgreSQL while the database ends its
 * connections (a DBA's pg_terminate_backend, an idle time-out, a pooler) or
 * goes away and comes back (a restart, a failover). It must never exit: while
 * the database is away requests answer 503 `database_unavailable` (never a
 * 500, never a hang), health says so, and once it is back everything works
 * again by itself, the job queue included. docs/operations.md, "When the
 * database goes away". Runs in the PostgreSQL pass only (DATABASE_URL set);
 * the restart uses a cluster of its own, never the shared one.
 */
const sharedUrl = process.env.DATABASE_URL;
const noPrivate = privatePostgresUnavailable();

interface Answer {
  status: number;
  code?: string;
  ms: number;
}

/** Four clients asking in a loop (health and a refused sign-in: both read the database) until stopped. */
function traffic(base: string) {
  const answers: Answer[] = [];
  let running = true;
  const ask = async (i: number) => {
    const started = Date.now();
    const res = await (i % 2
      ? fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) })
      : fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }),
          signal: AbortSignal.timeout(15_000),
        })
    ).catch((err: Error) => err);
    if (res instanceof Error) {
      // A process gone or a hung request: no answer at all.
      answers.push({ status: 0, code: `no answer: ${res.message}`, ms: Date.now() - started });
      return;
    }
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    answers.push({ status: res.status, code: body.code, ms: Date.now() - started });
  };
  const loops = [0, 1, 2, 3].map(async (n) => {
    for (let i = n; running; i++) {
      await ask(i);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

const fine = (a: Answer) => a.status === 200 || a.status === 401;

function expectOnlyFineOrUnavailable(answers: Answer[]) {
  const others = answers.filter((a) => !fine(a) && a.code !== 'database_unavailable');
  expect(others).toEqual([]);
  for (const a of answers.filter((x) => !fine(x))) expect(a.status).toBe(503);
}

function expectAlive(server: ServerProcess) {
  expect(() => process.kill(server.pid, 0)).not.toThrow();
  expect(server.output()).not.toMatch(/Emitted 'error' event|Unhandled|uncaught/i);
}

async function waitUntil(
  what: string,
  fn: () => Promise<boolean>,
  ms = 30_000,
  context: () => string = () => '',
) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}\n${context()}`);
}

/** A password-reset request queues a mail job: it lands in the outbox once the queue works. */
async function expectJobsRun(server: ServerProcess, databaseUrl: string, dataDir: string) {
  const base = server.base;
  const email = `outage-${Date.now()}@example.test`;
  await postgresAdmin(databaseUrl, (c) =>
    c.query(
      `insert into admins (email, name, password_hash, role, status, modules)
        values ($1, 'Outage', 'not a real hash: only the reset link is asked for', 'admin', 'active', '{}')`,
      [email],
    ),
  );
  const res = await fetch(`${base}/api/auth/password/resetlink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const outbox = path.join(dataDir, 'outbox');
  await waitUntil(
    'the reset mail in the outbox',
    async () =>
      readdirSync(outbox).some((f) => readFileSync(path.join(outbox, f), 'utf8').includes(email)),
    20_000,
    () => server.output().slice(-4000),
  );
}

function serverEnv(databaseUrl: string, dataDir: string) {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT: '100000',
    JWT_SECRET: 'outage-test-secret-outage-test-secret-0123456789',
  };
}

describe.skipIf(!sharedUrl)('PostgreSQL ends the server connections (pg_terminate_backend)', () => {
  let server: ServerProcess;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const dbName = () => new URL(db.url).pathname.slice(1);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bo-outage-'));
    db = await createPostgresDatabase(sharedUrl!);
    server = await spawnServer('src/server.ts', serverEnv(db.url, dataDir));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const terminate = (idleOnly: boolean) =>
    postgresAdmin(sharedUrl!, (c) =>
      c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() ${idleOnly ? `and state = 'idle'` : ''}`,
        [dbName()],
      ),
    );

  it('keeps serving: a few 503 at most while its sessions are ended, then all well', async () => {
    const load = traffic(server.base);
    await new Promise((r) => setTimeout(r, 700));
    await terminate(true);
    await new Promise((r) => setTimeout(r, 700));
    await terminate(false);
    await new Promise((r) => setTimeout(r, 1500));
    const answers = await load.stop();

    expectAlive(server);
    expectOnlyFineOrUnavailable(answers);
    expect(answers.filter((a) => !fine(a)).length).toBeLessThanOrEqual(10);
    const after = traffic(server.base);
    await new Promise((r) => setTimeout(r, 500));
    expect((await after.stop()).every(fine)).toBe(true);
    await expectJobsRun(server, db.url, dataDir);
    expectAlive(server);
  }, 60_000);
});

describe.skipIf(!sharedUrl || noPrivate)(
  `PostgreSQL stops and starts again under traffic${noPrivate ? ` (skipped: ${noPrivate})` : ''}`,
  () => {
    let pg: PrivatePostgres;
    let server: ServerProcess;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'bo-outage-'));
      pg = await startPrivatePostgres();
      server = await spawnServer('src/server.ts', serverEnv(pg.url, dataDir));
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await pg?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 database_unavailable while it is away, health says so, and recovers by itself', async () => {
      const load = traffic(server.base);
      await new Promise((r) => setTimeout(r, 500));
      await pg.stop();
      const stoppedAt = load.answers.length;
      await new Promise((r) => setTimeout(r, 4000));

      const health = await fetch(`${server.base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        code: 'database_unavailable',
        message: expect.stringMatching(/database/i),
      });
      const whileAway = load.answers.slice(stoppedAt);
      expect(whileAway.filter((a) => a.code === 'database_unavailable').length).toBeGreaterThan(5);
      // Answered at once, not held until the database comes back.
      expect(Math.max(...whileAway.map((a) => a.ms))).toBeLessThan(6000);

      await pg.start();
      await waitUntil('health to answer 200 again', async () => {
        const res = await fetch(`${server.base}/api/health`);
        return res.status === 200 && ((await res.json()) as { status: string }).status === 'ok';
      });
      const answers = await load.stop();
      expectAlive(server);
      expectOnlyFineOrUnavailable(answers);

      const after = traffic(server.base);
      await new Promise((r) => setTimeout(r, 500));
      expect((await after.stop()).every(fine)).toBe(true);
      await expectJobsRun(server, pg.url, dataDir);
      expectAlive(server);
      // Every worker failed on every poll meanwhile: the log says so once, and once that it is over.
      const lines = (msg: RegExp) =>
        server
          .output()
          .split('\n')
          .filter((line) => msg.test(line)).length;
      expect(lines(/"msg":"job fetch failed/)).toBe(1);
      expect(lines(/"msg":"job fetch works again/)).toBe(1);
    }, 90_000);
  },
);
