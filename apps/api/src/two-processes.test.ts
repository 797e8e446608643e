import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client.ts';
import { admins } from './db/schema/index.ts';
import { AUTH_CACHE_TTL_MS } from './lib/auth-cache.ts';
import { hashPassword } from './lib/passwords.ts';
import { type ServerProcess, spawnServer } from './test/process.testing.ts';
import { codeIn, type SmtpReceiver, startSmtpReceiver } from './test/smtp-receiver.ts';
import { createPostgresDatabase } from './test/test-database.ts';

/**
 * Two real API processes started at once on one fresh PostgreSQL database,
 * as behind a load balancer: a session begun on one works on the other,
 * and a revocation on one is refused by the other within the access-check
 * cache window (docs/decisions.md). Sign-in limits and lockouts count across
 * both. Needs PostgreSQL: PGlite is one process by design.
 */
const SERVER_URL = process.env.DATABASE_URL;
if (!SERVER_URL) {
  console.info(
    'two-processes.test.ts skipped: it needs PostgreSQL. Run it with DATABASE_URL=postgres://… (CI runs it in its PostgreSQL pass).',
  );
}

const PASSWORD = 'correct horse battery staple';
let smtp: SmtpReceiver;
let fresh: { url: string; drop(): Promise<void> };
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];
const ids: Record<string, number> = {};
const usedMails = new Set<unknown>();

interface Call {
  body?: object;
  token?: string;
  /** The client's address, through X-Forwarded-For (the processes trust their proxy). */
  ip: string;
}
async function call(server: ServerProcess, method: string, url: string, opts: Call) {
  const res = await fetch(`${server.base}/api${url}`, {
    method,
    headers: {
      'x-forwarded-for': opts.ip,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const me = (server: ServerProcess, token: string, ip: string) =>
  call(server, 'GET', '/auth/me', { token, ip });
const login = (server: ServerProcess, email: string, ip: string, password = PASSWORD) =>
  call(server, 'POST', '/auth/login', { body: { email, password }, ip });
const refresh = (server: ServerProcess, refreshToken: string, ip: string) =>
  call(server, 'POST', '/auth/refresh', { body: { refreshToken }, ip });

/** Password on `server`, then the code from the real mail, on the same server. */
async function signIn(server: ServerProcess, email: string, ip: string) {
  const first = await login(server, email, ip);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m.subject.startsWith('Your sign-in code') && !usedMails.has(m),
    10_000,
  );
  usedMails.add(mail);
  const second = await call(server, 'POST', '/auth/confirmotp', {
    body: { challengeId: first.body.challengeId, otp: codeIn(mail) },
    ip,
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return second.body as { accessToken: string; refreshToken: string };
}

/**
 * Polls until `check` answers 401. A check started more than the cache
 * window after `since` must already be refused. Returns the delay seen.
 */
async function refusedWithinWindow(check: () => Promise<{ status: number }>, since: number) {
  for (;;) {
    const started = Date.now();
    const { status } = await check();
    if (status === 401) return Date.now() - since;
    expect(status).toBe(200);
    if (started - since > AUTH_CACHE_TTL_MS + 100) {
      throw new Error(`still accepted ${started - since} ms after the revocation`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!SERVER_URL)('two API processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    fresh = await createPostgresDatabase(SERVER_URL!, { empty: true });
    const env = {
      DATABASE_URL: fresh.url,
      JWT_SECRET: 'shared-secret-shared-secret-shared-secret-0123',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT: '6',
      FILE_SWEEP_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    };
    const start = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bo-two-'));
      dataDirs.push(dir);
      return spawnServer('src/server.ts', { ...env, DATA_DIR: dir });
    };
    // Started together on an empty database: both migrate it, one after the other.
    [a, b] = await Promise.all([start(), start()]);
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
    const passwordHash = await hashPassword(PASSWORD);
    for (const [name, role] of [
      ['root', 'super_admin'],
      ['x', 'admin'],
      ['y', 'admin'],
      ['z', 'admin'],
    ] as const) {
      const [row] = await database.db
        .insert(admins)
        .values({ email: `${name}@example.test`, name, passwordHash, role, status: 'active' })
        .returning({ id: admins.id });
      ids[name] = row!.id;
    }
  }, 120_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await fresh?.drop();
    await smtp?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    expect(codes).toEqual([0, 0]);
  }, 30_000);

  it('signs in on one and refreshes on the other; a rotated token replayed on either ends the session', async () => {
    const ip = '198.51.100.1';
    const s = await signIn(a, 'x@example.test', ip);
    expect((await me(b, s.accessToken, ip)).body).toMatchObject({ email: 'x@example.test' });
    const rotated = await refresh(b, s.refreshToken, ip);
    expect(rotated.status).toBe(200);
    const next = rotated.body as { accessToken: string; refreshToken: string };
    expect((await me(a, next.accessToken, ip)).status).toBe(200);
    // The old refresh token, rotated on B, is a replay on A: the whole family ends.
    expect((await refresh(a, s.refreshToken, ip)).status).toBe(401);
    expect((await refresh(b, next.refreshToken, ip)).status).toBe(401);
  }, 60_000);

  it('signing out on one is refused on the other within the cache window', async () => {
    const ip = '198.51.100.2';
    const s = await signIn(b, 'x@example.test', ip);
    expect((await me(a, s.accessToken, ip)).status).toBe(200); // A now holds a cached check
    const out = await call(b, 'POST', '/auth/logout', { token: s.accessToken, body: {}, ip });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const delay = await refusedWithinWindow(() => me(a, s.accessToken, ip), Date.now());
    expect(delay).toBeLessThan(AUTH_CACHE_TTL_MS + 2000);
    expect((await refresh(a, s.refreshToken, ip)).status).toBe(401);
  }, 60_000);

  it('disabling an admin on one is refused on the other: requests, refresh and sign-in', async () => {
    const ip = '198.51.100.3';
    const root = await signIn(a, 'root@example.test', ip);
    const z = await signIn(b, 'z@example.test', ip);
    expect((await me(b, z.accessToken, ip)).status).toBe(200);
    const disabled = await call(a, 'POST', '/user/edituser', {
      token: root.accessToken,
      body: { id: ids.z, status: 'disabled' },
      ip,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    await refusedWithinWindow(() => me(b, z.accessToken, ip), Date.now());
    expect((await refresh(b, z.refreshToken, ip)).status).toBe(401);
    expect((await login(b, 'z@example.test', ip)).status).toBe(401);
  }, 60_000);

  it('one sign-in rate limit and one lockout across both processes', async () => {
    // AUTH_RATE_LIMIT=6 a minute per route and client, counted in the database.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await login(i % 2 ? b : a, 'nobody@example.test', '198.51.100.4')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);

    // Ten wrong passwords spread over both processes (and addresses) lock the account.
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? b : a;
      const res = await login(
        server,
        'y@example.test',
        `198.51.100.${10 + Math.floor(i / 5)}`,
        'wrong',
      );
      expect(res.status).toBe(401);
    }
    const locked = await login(a, 'y@example.test', '198.51.100.20');
    expect(locked.status).toBe(429);
    expect(String(locked.body.message)).toMatch(/locked/);
  }, 60_000);
});
