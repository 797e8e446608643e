import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * docs/security.md item 25 (headers, CORS), the 5xx rule of docs/decisions.md
 * (no internals, a request id that is in the log) and the sign-in rate limit.
 */

let t: TestApp;
const logLines: string[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: '3' },
    {
      logger: { level: 'error', stream: { write: (l: string) => logLines.push(l) } },
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('internals: postgres://app:hunter2@db.internal/prod');
        });
        app.get('/api/test/db-boom', async () => {
          await app.deps.db.execute(sql`select secret_column from no_such_table`);
          return { ok: true };
        });
        app.get('/api/test/upstream-boom', async () => {
          throw Object.assign(new Error('upstream said: token=abc123'), { statusCode: 502 });
        });
      },
    },
  );
});
afterAll(() => t?.close());

type Req = InjectOptions;
const inject = (req: Req) => t.app.inject(req);

/** One answer of each kind the server gives. */
const SAMPLES: [string, Req][] = [
  ['health 200', { method: 'GET', url: '/api/health' }],
  ['HEAD health', { method: 'HEAD', url: '/api/health' }],
  ['no token 401', { method: 'GET', url: '/api/auth/me' }],
  ['bad body 400', { method: 'POST', url: '/api/auth/password/resetlink', payload: {} }],
  ['unknown 404', { method: 'GET', url: '/api/nope' }],
  ['bare /api 404', { method: 'GET', url: '/api' }],
  ['method 405', { method: 'DELETE', url: '/api/health' }],
  ['crash 500', { method: 'GET', url: '/api/test/boom' }],
  ['docs json', { method: 'GET', url: '/api/docs/json' }],
  ['docs page', { method: 'GET', url: '/api/docs' }],
  ['SPA path', { method: 'GET', url: '/books/12' }],
];

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('headers on every answer', () => {
  it.each(SAMPLES)('%s', async (_label, req) => {
    const res = await inject(req);
    const hsts = /max-age=(\d+)/.exec(String(res.headers['strict-transport-security']));
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const policy = csp(res);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    expect(policy.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
    if (!String(req.url).startsWith('/api/docs')) {
      // Linked videos play from their https address; nothing else is widened (the docs have their own policy).
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https:']);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(UUID);
    if (String(req.url).startsWith('/api')) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the request id is the server’s own, not one the client sends', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'attacker-chosen' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const other = await inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });
});

describe('CORS', () => {
  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/auth/login'],
    ['OPTIONS', '/api/auth/login'],
    ['OPTIONS', '/api/user/listofadmin'],
    ['GET', '/api/docs/json'],
  ] as const)('%s %s with Origin evil.test gets no Access-Control-Allow-*', async (method, url) => {
    const res = await inject({
      method,
      url,
      headers: {
        origin: 'https://evil.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
      ...(method === 'POST' ? { payload: { email: 'cors@example.test', password: 'x' } } : {}),
      remoteAddress: '10.0.0.99',
    });
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    if (method === 'OPTIONS') expect(res.statusCode).toBe(405);
  });
});

describe('server errors', () => {
  it.each([
    ['a thrown error', '/api/test/boom', /hunter2|postgres:|internals/],
    ['a database error', '/api/test/db-boom', /no_such_table|secret_column|select|relation/i],
    ['an upstream 502', '/api/test/upstream-boom', /upstream|abc123/],
  ])('%s answers 500 without internals and with the logged request id', async (_l, url, leak) => {
    const res = await inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
    expect(body.code).toBe('internal');
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(body.message).toContain(body.requestId);
    expect(res.body).not.toMatch(leak);
    expect(res.body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|stack/i);
    // The details are in the log, under the same request id.
    const logged = logLines
      .map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } })
      .find((l) => l.reqId === body.requestId && l.err);
    expect(logged?.err?.message).toBeTruthy();
  });

  it('the health check answers 200 while the database answers', async () => {
    const res = await inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
  });
});

describe('rate limit on sign-in routes', () => {
  const login = (ip: string, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'wrong password' },
      remoteAddress: ip,
      headers,
    });

  it('the 4th login in a minute from one address gets 429; X-Forwarded-For does not help', async () => {
    for (let i = 0; i < 3; i++) expect((await login('10.1.1.1')).statusCode).toBe(401);
    const fourth = await login('10.1.1.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('too_many_requests');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    const spoofed = await login('10.1.1.1', { 'x-forwarded-for': '203.0.113.7' });
    expect(spoofed.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('10.1.1.2')).statusCode).toBe(401);
  });

  it('covers the other public sign-in routes, not the rest of the API', async () => {
    const reset = () =>
      inject({
        method: 'POST',
        url: '/api/auth/password/resetlink',
        payload: { email: 'nobody@example.test' },
        remoteAddress: '10.2.2.2',
      });
    for (let i = 0; i < 3; i++) expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
    for (let i = 0; i < 6; i++) {
      const res = await inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.2.2' });
      expect(res.statusCode).toBe(200);
    }
  });
});
