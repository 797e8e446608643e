import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../test/smtp-receiver.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Sign-in rate limits kept in the database: the store itself (on PGlite and
 * PostgreSQL), and two app instances on one PostgreSQL database (as two
 * processes) counting the same requests.
 */
let database: Database;
let smtp: SmtpReceiver;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpReceiver();
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({
      DATA_DIR: '/tmp/bo-test-unused',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT: '5',
      WEB_DIST: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await smtp?.close();
});

const store = (route: string) =>
  new (databaseRateLimitStore(database.db))({}).child({
    routeInfo: { method: 'POST', url: route },
  } as never);
const incr = (s: ReturnType<typeof store>, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    s.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), windowMs, 5),
  );

describe('database rate-limit store', () => {
  // PGlite counts in memory: one process holds its data directory.
  it.runIf(process.env.DATABASE_URL)(
    'one limit across two app instances on one PostgreSQL database',
    async () => {
      const login = (app: FastifyInstance, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: 'nobody@example.test', password: 'whatever pass' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await login(apps[i % 2]!, '203.0.113.7')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const refused = await login(apps[1]!, '203.0.113.7');
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
      // Another client, and another sign-in route, have their own counts.
      expect((await login(apps[0]!, '203.0.113.8')).statusCode).toBe(401);
      const reset = await apps[1]!.inject({
        method: 'POST',
        url: '/api/auth/password/resetlink',
        remoteAddress: '203.0.113.7',
        payload: { email: 'nobody@example.test' },
      });
      expect(reset.statusCode).toBe(200);
    },
  );

  it('counts hits at once atomically, each route apart, and restarts after the window', async () => {
    const a = store('/a');
    // The burst in a long window: on a loaded machine twenty statements can
    // outlast a short one, and the ttl check would then measure the machine.
    const results = await Promise.all(Array.from({ length: 20 }, () => incr(a, 'k', 10_000)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(results.every((r) => r.ttl > 0 && r.ttl <= 10_000)).toBe(true);
    expect((await incr(store('/b'), 'k', 10_000)).current).toBe(1);
    type Peek = (key: string, cb: (e: Error | null, r?: { current: number }) => void) => void;
    const peeked = await new Promise<{ current: number }>((resolve) =>
      (a as unknown as { read: Peek }).read('k', (_e, r) => resolve(r!)),
    );
    expect(peeked.current).toBe(20);
    // A short window restarts once it has passed.
    expect((await incr(a, 'w', 400)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    expect((await incr(a, 'w', 400)).current).toBe(1);
  });
});
