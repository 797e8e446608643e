import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { admins, auditLog } from './schema/index.ts';

/**
 * The embedded database's rule (docs/decisions.md): one process owns a data directory, a second
 * opener fails at once naming the holder, a dead holder's lock is taken over,
 * and committed rows survive kill -9. PGlite only: skipped on PostgreSQL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const apiRoot = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'bo-lock-'));
  dirs.push(d);
  return d;
};
/** One PGlite directory for the tests that open one: a first open costs an initdb. */
let shared: string | undefined;
const sharedDir = () => {
  shared ??= tempDir();
  return shared;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs a TypeScript file the way the npm scripts do (tsx), without DATABASE_URL. */
function runTs(args: string[], env: Record<string, string> = {}): ChildProcess {
  const { DATABASE_URL: _, ...rest } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: apiRoot,
    env: { ...rest, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess) {
  let out = '';
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

const deadPid = async () => {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
};

describe.skipIf(onPostgres)('data directory lock', () => {
  it('a second process fails at once with a message naming the holder; close releases the lock', async () => {
    const dir = sharedDir();
    const holder = await openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'lock test' });
    const cli = ['src/cli/create-admin.ts', '--email', 'cli@example.test'];
    const args = [...cli, '--password', 'a long cli passphrase'];
    let released = false;
    try {
      const started = Date.now();
      const second = await finished(runTs(args, { DATA_DIR: dir }));
      expect(second.code).toBe(1);
      expect(second.out).toContain(`in use by process ${process.pid} on ${hostname()}`);
      expect(second.out).toContain('(lock test, since');
      expect(Date.now() - started).toBeLessThan(15_000);
      // The holder is unharmed and nothing was written.
      const [n] = await holder.db.select({ n: count() }).from(admins);
      expect(n?.n).toBe(0);
      // In this process too: the lock is per process, not per open call.
      await expect(lockDataDir(dir, 'again')).rejects.toThrow(DataDirLockedError);
      await holder.close();
      released = true;
      expect(existsSync(path.join(dir, 'LOCK'))).toBe(false);
      (await lockDataDir(dir, 'after release')).release();
    } finally {
      if (!released) await holder.close();
    }
  }, 60_000);

  it('takes over the lock of a dead process on this host, never of another host', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'LOCK');
    const stale = { pid: await deadPid(), host: hostname(), purpose: 'server', since: 'then' };
    writeFileSync(file, JSON.stringify(stale));
    const lock = await lockDataDir(dir, 'taker');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      purpose: 'taker',
    });
    lock.release();
    const foreign = { ...stale, host: 'another-host.example' };
    writeFileSync(file, JSON.stringify(foreign));
    await expect(lockDataDir(dir, 'taker', 200)).rejects.toThrow(
      `in use by process ${stale.pid} on another-host.example (server, since then)`,
    );
    rmSync(file);
    const again = await lockDataDir(dir, 'taker');
    again.release();
    again.release(); // idempotent
  });

  it('waits for a holder on this host that is still going away, then takes the lock over', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'LOCK');
    // A live holder that exits in 1.5 s, like a killed server not yet gone.
    const leaving = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1500)']);
    const gone = new Promise((r) => leaving.on('exit', r));
    const holder = { pid: leaving.pid, host: hostname(), purpose: 'server', since: 'now' };
    writeFileSync(file, JSON.stringify(holder));
    const started = Date.now();
    const lock = await lockDataDir(dir, 'restart');
    await gone;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('a holder that stays is named after the wait; this process never waits for itself', async () => {
    const dir = tempDir();
    const staying = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const holder = { pid: staying.pid, host: hostname(), purpose: 'server', since: 'now' };
      writeFileSync(path.join(dir, 'LOCK'), JSON.stringify(holder));
      const started = Date.now();
      await expect(lockDataDir(dir, 'second', 600)).rejects.toThrow(
        `in use by process ${staying.pid} on ${hostname()} (server, since now)`,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      staying.kill('SIGKILL');
    }
    const other = tempDir();
    const mine = await lockDataDir(other, 'first');
    const started = Date.now();
    await expect(lockDataDir(other, 'second')).rejects.toThrow(DataDirLockedError);
    expect(Date.now() - started).toBeLessThan(500);
    mine.release();
  });
});

describe.skipIf(onPostgres)('kill -9', () => {
  it('keeps every committed row and leaves a directory that opens again', async () => {
    const dir = sharedDir();
    const script = path.join(tempDir(), 'writer.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.join(apiRoot, 'src/db/client.ts'))};
import { auditLog } from ${JSON.stringify(path.join(apiRoot, 'src/db/schema/index.ts'))};
const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2], purpose: 'writer' });
process.stdout.write('ready\\n');
for (let n = 1; ; n++) {
  await database.db.insert(auditLog).values({ action: 'kill_test', entity: 'test', entityId: String(n) });
  process.stdout.write(\`committed \${n}\\n\`);
}
`,
    );
    const child = runTs([script, dir]);
    const exited = finished(child);
    let committed = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('writer did not get going')), 40_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        for (const m of chunk.toString().matchAll(/committed (\d+)/g)) committed = Number(m[1]);
        if (committed >= 100) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error('writer exited early')));
    });
    child.kill('SIGKILL');
    // Reopened at once, without waiting for the killed process to be gone.
    const reopening = openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'after kill' });
    const { code } = await exited;
    expect(code).toBeNull(); // killed, no clean shutdown

    const reopened = await reopening;
    try {
      const [row] = await reopened.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'kill_test'));
      expect(row!.n).toBeGreaterThanOrEqual(committed);
      await reopened.db.insert(auditLog).values({ action: 'after_kill', entity: 'test' });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
