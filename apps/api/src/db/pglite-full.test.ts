import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/faults.ts';
import { fillUp } from '../test/fill-disk.ts';
import { type ServerProcess, spawnServer } from '../test/process.testing.ts';
import { openDatabase } from './client.ts';

/**
 * The embedded database (PGlite) out of disk: DATA_DIR is a small tmpfs of
 * the test's own (mounting needs root; skipped with its reason elsewhere),
 * filled by a ballast file. A write that needs a new page answers 507
 * `storage_full` and health says the database is full; freed, writes go
 * through again; restarted, every answered write is there. A write-ahead log
 * that cannot be written is a PANIC, which PGlite does not survive: the
 * database then stops at once (no hang), the server exits non-zero for its
 * supervisor, and a restart with room replays all that was committed.
 * docs/operations.md, "When a disk is full". Both passes: this is PGlite's.
 */
const mounts: string[] = [];
let noMount: string | undefined;
function smallDisk(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=0700', 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  mounts.push(dir);
  return dir;
}
try {
  const probe = smallDisk('bo-pglite-probe-');
  execFileSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  mounts.pop();
} catch (err) {
  noMount = `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim() || 'needs root'})`;
}

afterAll(() => {
  for (const dir of mounts) {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Rows of `sql` in the data directory, read with the server stopped. */
async function count(dataDir: string, sql: string): Promise<number> {
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    return Number((await db.query<{ n: number }>(sql)).rows[0]!.n);
  } finally {
    await db.close();
  }
}

describe.skipIf(noMount)(
  `a full embedded database disk${noMount ? ` (skipped: ${noMount})` : ''}`,
  () => {
    let server: ServerProcess | undefined;
    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    it('answers 507 storage_full, health reports it, recovers once freed, and keeps every answered write', async () => {
      const dataDir = smallDisk('bo-pglite-full-');
      const env = {
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        AUTH_RATE_LIMIT: '100000',
        JWT_SECRET: 'pglite-full-secret-pglite-full-secret-0123456789',
        // Background writes while the disk fills (the reports' refresh every 30 s on PGlite)
        // can meet the full disk in the write-ahead log first: a PANIC, not this test's 507.
        // On a loaded machine the filling loop outlasted 30 s and the server stopped.
        REPORTS_REFRESH_SECONDS: '50',
      };
      server = await spawnServer('src/server.ts', env);
      const base = server.base;
      const health = async () => (await fetch(`${base}/api/health`)).json();
      let n = 0;
      /** A refused sign-in writes its audit row (login_failed, naming the address). */
      const attempt = () =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `fill-${n++}@example.test`, password: 'not the password' }),
        });
      expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
      let written = 0;
      for (let i = 0; i < 20; i++) if ((await attempt()).status === 401) written++;
      expect(written).toBe(20);

      const ballast = path.join(dataDir, 'ballast');
      fillUp(ballast);
      let refused: Response | undefined;
      for (let i = 0; i < 5000 && !refused; i++) {
        const res = await attempt();
        if (res.status === 401) written++;
        else refused = res;
      }
      expect(refused?.status).toBe(507);
      expect(await refused?.json()).toEqual({
        code: 'storage_full',
        message: expect.stringMatching(/database storage is full.*nothing was saved/i),
      });
      expect(await health()).toEqual({ status: 'degraded', database: 'full', files: 'ok' });
      expect(() => process.kill(server!.pid, 0)).not.toThrow();

      rmSync(ballast);
      const again = await attempt();
      expect(again.status).toBe(401);
      written++;
      // A refused sign-in is no 2xx: a change that goes through (a reset link asked for) clears it.
      const reset = await fetch(`${base}/api/auth/password/resetlink`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.test' }),
      });
      expect(reset.status).toBe(200);
      expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });

      expect(await server.stop()).toBe(0);
      server = await spawnServer('src/server.ts', env);
      expect(await (await fetch(`${server.base}/api/health`)).json()).toMatchObject({
        status: 'ok',
      });
      expect(await server.stop()).toBe(0);
      server = undefined;
      expect(
        await count(dataDir, `select count(*) as n from audit_log where action = 'login_failed'`),
      ).toBe(written);
    }, 180_000);

    it('a write-ahead log that cannot be written stops the database at once, never a hang; a restart with room keeps what was committed', async () => {
      const dataDir = smallDisk('bo-pglite-panic-');
      const database = await openDatabase({ kind: 'pglite', dataDir, purpose: 'server' });
      const stopped: Error[] = [];
      database.onStopped?.((err) => stopped.push(err));
      await database.executeSql('create table filler (id serial primary key, v text)');
      const big = `insert into filler (v) select string_agg(md5(random()::text), '') from generate_series(1, 300)`;
      let committed = 0;
      for (let i = 0; i < 20; i++) {
        await database.executeSql(big, [] as unknown[]);
        committed++;
      }
      const ballast = path.join(dataDir, 'ballast');
      fillUp(ballast);
      // Pages full, then the log: each switch asks for a new segment file, which finally has no room.
      let failure: unknown;
      for (let i = 0; i < 50 && !failure; i++) {
        try {
          await database.executeSql('select pg_switch_wal()', []);
          await database.executeSql(`insert into filler (v) values ('small')`, [] as unknown[]);
          committed++;
        } catch (err) {
          failure = err;
        }
      }
      // The query that met the PANIC failed (its answer: the database away, 503).
      expect(failure).toBeDefined();
      expect(stopped).toHaveLength(1);
      expect(stopped[0]).toMatchObject({
        severity: 'PANIC',
        message: expect.stringMatching(/pg_wal/),
      });
      // Stopped: every later query fails at once as the database away (503), never hangs.
      const started = Date.now();
      const ping = await database.ping().catch((err: unknown) => err);
      expect(isDatabaseUnavailable(ping)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
      await database.close();

      rmSync(ballast);
      expect(await count(dataDir, 'select count(*) as n from filler')).toBe(committed);
    }, 180_000);
  },
);
