import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../test/private-postgres.ts';
import { type ServerProcess, spawnServer } from '../test/process.testing.ts';

/**
 * A frozen PostgreSQL (every process of a private cluster stopped with
 * SIGSTOP: connections stay open, nothing answers, as with a hung host or
 * a network that drops packets). A request on an open connection must not
 * wait for ever: DATABASE_QUERY_TIMEOUT ends it with 503
 * `database_unavailable`, and once the database is thawed everything works
 * again. docs/operations.md, "When the database goes away". PostgreSQL pass
 * only, like db/outage.test.ts.
 */
const why = !process.env.DATABASE_URL ? 'the PostgreSQL pass only' : privatePostgresUnavailable();
const QUERY_TIMEOUT_MS = 2000;

describe.skipIf(why)(`a frozen database${why ? ` (skipped: ${why})` : ''}`, () => {
  let pg: PrivatePostgres;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bo-frozen-'));
    pg = await startPrivatePostgres();
    server = await spawnServer('src/server.ts', {
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      AUTH_RATE_LIMIT: '100000',
      JWT_SECRET: 'frozen-database-secret-frozen-database-0123',
      DATABASE_QUERY_TIMEOUT: `${QUERY_TIMEOUT_MS}ms`,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A refused sign-in: it reads and writes the database. */
  const attempt = async () => {
    const started = Date.now();
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code, ms: Date.now() - started };
  };

  it('answers 503 database_unavailable within the query time-out, and recovers when thawed', async () => {
    // Warm connections: the requests below go to connections already open.
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);

    pg.freeze();
    try {
      const answers = await Promise.all([attempt(), attempt(), attempt()]);
      for (const a of answers) {
        expect(a).toMatchObject({ status: 503, code: 'database_unavailable' });
        // The query time-out, or a new connection's 5 s: never held until the thaw.
        expect(a.ms).toBeLessThan(QUERY_TIMEOUT_MS + 6000);
      }
      const health = await fetch(`${server.base}/api/health`);
      expect(health.status).toBe(503);
    } finally {
      pg.thaw();
    }

    let last = await attempt();
    for (let i = 0; i < 50 && last.status !== 401; i++) {
      await new Promise((r) => setTimeout(r, 200));
      last = await attempt();
    }
    expect(last.status).toBe(401);
    const after = await Promise.all([attempt(), attempt(), attempt(), attempt()]);
    expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    const health = (await (await fetch(`${server.base}/api/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect(() => process.kill(server.pid, 0)).not.toThrow();
  }, 90_000);
});
