import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isbn13CheckDigit } from '@bo/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseTarget, openDatabase } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import { freePort } from '../../test/process.testing.ts';
import { startSession } from '../auth/sessions.service.ts';

/**
 * docs/security.md item 28: the real server process is SIGKILLed while it commits
 * a 10,000-row catalogue; the database, reopened, holds none or all of the
 * rows, and importing the file again leaves exactly 10,000 (no duplicates).
 * On the embedded PGlite data directory always; on PostgreSQL too when
 * DATABASE_URL is set (a fresh database, dropped afterwards).
 */
const apiRoot = path.resolve(import.meta.dirname, '../../..');
const ROWS = 10_000;
const JWT_SECRET = `kill-test-${randomBytes(16).toString('hex')}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function catalogue() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Books');
  ws.addRow(['ISBN', 'Title', 'Status']);
  for (let i = 1; i <= ROWS; i++) {
    const body = `97850${String(i).padStart(7, '0')}`;
    ws.addRow([body + isbn13CheckDigit(body), `Killed import ${i}`, 'draft']);
  }
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'catalogue.xlsx');
  const res = new Response(form);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type')!,
  };
}

function configFor(dataDir: string, databaseUrl?: string) {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** Opens the database in this process, runs `fn` on an app over it, closes it. */
async function withApp<T>(
  dataDir: string,
  target: DatabaseTarget,
  databaseUrl: string | undefined,
  fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(target);
  const app = await buildApp({
    config: configFor(dataDir, databaseUrl),
    database,
    logger: false,
  });
  try {
    await app.ready();
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const countImported = (app: Awaited<ReturnType<typeof buildApp>>) =>
  app.deps.db
    .execute(sql`select count(*)::int as n, count(distinct isbn)::int as d
                 from books where isbn like '97850%'`)
    .then((r) => {
      const rows = ((r as { rows?: unknown[] }).rows ?? r) as { n: number; d: number }[];
      return rows[0]!;
    });

async function killMidImport(opts: {
  databaseUrl?: string;
  /** Resolves when the commit is under way (after the server logged its start). */
  inFlight: (output: () => string) => Promise<void>;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-kill-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const target: DatabaseTarget = opts.databaseUrl
    ? { kind: 'postgres', url: opts.databaseUrl, poolSize: 2 }
    : { kind: 'pglite', dataDir, purpose: 'kill test' };
  const token = await withApp(dataDir, target, opts.databaseUrl, async (app) => {
    const [admin] = await app.deps.db
      .insert(admins)
      .values({ email: 'kill@example.test', name: 'Kill', role: 'super_admin', status: 'active' })
      .returning({ id: admins.id });
    const ctx = {
      adminId: null,
      adminEmail: null,
      ip: '127.0.0.1',
      requestId: 't',
      userAgent: null,
    };
    return (await startSession(app.deps, app.deps.db, admin!.id, ctx)).accessToken;
  });
  const file = await catalogue();

  const port = await freePort();
  const { DATABASE_URL: _, ...env } = process.env;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void (server.exitCode === null && server.kill('SIGKILL')));
  let output = '';
  server.stdout!.on('data', (c) => (output += c));
  server.stderr!.on('data', (c) => (output += c));
  const exited = new Promise((r) => server.on('exit', (_code, signal) => r(signal)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }

  const request = fetch(`${base}/api/book/uploadbookcatalog?dryRun=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': file.type },
    body: file.body,
  }).then(
    (r) => r.status,
    () => 'no answer' as const,
  );
  await opts.inFlight(() => output);
  server.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  expect(await request).toBe('no answer');

  return withApp(dataDir, target, opts.databaseUrl, async (app) => {
    const after = await countImported(app);
    // Re-running the same file: imports everything, or refuses every ISBN as taken.
    const again = await app.inject({
      method: 'POST',
      url: '/api/book/uploadbookcatalog?dryRun=false',
      headers: { authorization: `Bearer ${token}`, 'content-type': file.type },
      payload: file.body,
    });
    return { after, againStatus: again.statusCode, final: await countImported(app) };
  });
}

const committing = (output: () => string) => async () => {
  for (let i = 0; !output().includes('catalogue import: committing'); i++) {
    if (i > 1200) throw new Error(`the import never started committing:\n${output()}`);
    await sleep(25);
  }
};

describe('catalogue import killed mid-commit (docs/security.md item 28)', () => {
  it('PGlite data directory: 0 or 10,000 rows after SIGKILL, and a re-run leaves 10,000', async () => {
    const result = await killMidImport({
      // PGlite belongs to the server process: kill a moment into the transaction.
      inFlight: async (output) => {
        await committing(output)();
        await sleep(300);
      },
    });
    expect([0, ROWS]).toContain(result.after.n);
    expect(result.againStatus).toBe(result.after.n === 0 ? 200 : 400);
    expect(result.final).toEqual({ n: ROWS, d: ROWS });
  }, 180_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: killed while its INSERT runs, 0 or 10,000 rows; a re-run leaves 10,000',
    async () => {
      const url = process.env.DATABASE_URL!;
      const name = `bo_kill_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        // As test-database.ts: a forced drop would kill a pool connection still
        // closing, whose error event surfaces as an unhandled error.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await sleep(20);
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const target = new URL(url);
      target.pathname = `/${name}`;
      const result = await killMidImport({
        databaseUrl: target.toString(),
        // A second connection sees the server's insert running, then kills it there.
        inFlight: async (output) => {
          await committing(output)();
          for (let i = 0; ; i++) {
            const { rows } = await admin.query(
              `select 1 from pg_stat_activity where datname = $1 and state = 'active'
                 and query ilike '%insert into "books"%json_to_recordset%'`,
              [name],
            );
            if (rows.length) return;
            if (i > 2000) throw new Error('never saw the insert running');
            await sleep(2);
          }
        },
      });
      expect([0, ROWS]).toContain(result.after.n);
      expect(result.againStatus).toBe(result.after.n === 0 ? 200 : 400);
      expect(result.final).toEqual({ n: ROWS, d: ROWS });
    },
    180_000,
  );
});
