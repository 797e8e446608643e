import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUp } from '../test/fill-disk.ts';
import {
  type PrivatePostgres,
  postgresOwner,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../test/private-postgres.ts';
import { type ServerProcess, spawnServer } from '../test/process.testing.ts';
import { postgresAdmin } from '../test/test-database.ts';

/**
 * PostgreSQL out of disk: the product's database lives in a tablespace on a
 * small tmpfs of the test's own (in a private cluster: the shared one is never
 * touched), which a ballast file then fills. A change that needs a new page
 * fails with "could not extend file … No space left on device" (SQLSTATE
 * 53100): the answer is 507 `storage_full` naming the database, health says
 * "degraded" with the database full, and once space is freed a change goes
 * through and health is ok again. PostgreSQL pass only (DATABASE_URL set),
 * like db/outage.test.ts; mounting needs root.
 */
const why = !process.env.DATABASE_URL
  ? 'the PostgreSQL pass only'
  : (privatePostgresUnavailable() ??
    (process.getuid?.() === 0 ? undefined : 'mounting a tmpfs needs root'));

describe.skipIf(why)(`a full database disk${why ? ` (skipped: ${why})` : ''}`, () => {
  let pg: PrivatePostgres;
  let server: ServerProcess;
  let dataDir: string;
  let mountDir: string;
  let ballast: string;
  let mounted = false;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bo-db-full-data-'));
    mountDir = mkdtempSync(path.join(tmpdir(), 'bo-db-full-'));
    ballast = path.join(mountDir, 'ballast');
    pg = await startPrivatePostgres();
    const { uid, gid } = postgresOwner();
    execFileSync('mount', [
      '-t',
      'tmpfs',
      '-o',
      `size=48m,uid=${uid},gid=${gid},mode=0700`,
      'tmpfs',
      mountDir,
    ]);
    mounted = true;
    await postgresAdmin(pg.url, async (c) => {
      await c.query(`create tablespace small_disk location '${mountDir}'`);
      await c.query('create database bo tablespace small_disk');
    });
    const url = pg.url.replace(/\/postgres$/, '/bo');
    server = await spawnServer('src/server.ts', {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      AUTH_RATE_LIMIT: '100000',
      JWT_SECRET: 'database-full-secret-database-full-secret-0123',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
    if (mounted) execFileSync('umount', ['-l', mountDir]);
    for (const dir of [mountDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A refused sign-in: it writes (the audit of the attempt). */
  const attempt = () =>
    fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }),
    });
  const health = async () => (await fetch(`${server.base}/api/health`)).json();

  it('answers 507 storage_full for the database, health reports it, and recovers once space is freed', async () => {
    expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
    fillUp(ballast);
    let refused: Response | undefined;
    for (let i = 0; i < 2000 && !refused; i++) {
      const res = await attempt();
      if (res.status !== 401) refused = res;
    }
    expect(refused?.status).toBe(507);
    expect(await refused?.json()).toEqual({
      code: 'storage_full',
      message: expect.stringMatching(/database storage is full.*nothing was saved/i),
    });
    expect(await health()).toEqual({ status: 'degraded', database: 'full', files: 'ok' });

    rmSync(ballast);
    // A change that goes through (a reset link asked for writes its audit and token).
    const reset = await fetch(`${server.base}/api/auth/password/resetlink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test' }),
    });
    expect(reset.status).toBe(200);
    expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
    expect(() => process.kill(server.pid, 0)).not.toThrow();
  }, 120_000);
});
