import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { jobsIdle } from '../../test/jobs.testing.ts';
import { LOCK_MS } from './login.service.ts';
import {
  adminRow,
  auditRows,
  auditText,
  body,
  clearFailures,
  confirm,
  mailsAfter,
  median,
  post,
  signIn,
  startLogin,
} from './security.helpers.ts';

/** docs/security.md items 3, 4 and 8 (the password step), and its audit rows (item 26). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  post(t, '/auth/login', { email, password }, { headers });

describe('item 3: no account enumeration', () => {
  it('item 3: unknown e-mail and wrong password give the same status and body on login', async () => {
    const a = await t.createAdmin();
    const disabled = await t.createAdmin({ status: 'disabled' });
    const unknown = await login('nobody-here@example.test', TEST_PASSWORD);
    const wrong = await login(a.email, 'not the password');
    const off = await login(disabled.email, TEST_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(off.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(off.body).toBe(unknown.body);
    expect(unknown.headers['retry-after']).toBeUndefined();
  });

  it('item 3: the same answer on forgot-password, and no mail for an unknown e-mail', async () => {
    const a = await t.createAdmin();
    const since = t.smtp.mails.length;
    const unknown = await post(t, '/auth/password/resetlink', { email: 'ghost@example.test' });
    const known = await post(t, '/auth/password/resetlink', { email: a.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    await t.smtp.waitFor((m) => m.to.includes(a.email) && m.subject === 'Reset your password');
    await jobsIdle(t.app); // every queued mail has been sent
    expect(mailsAfter(t, since, 'ghost@example.test')).toEqual([]);
  });

  // Measured once more when a run misses: the full suite runs files side by side on two
  // cores, and a burst of other work during the known e-mail's tries once made a 14.3 ms
  // gap against a 13.9 ms bound. A real leak (statements skipped) misses on both runs.
  it('item 3: timing does not tell a registered e-mail from an unknown one (login and forgot-password)', {
    retry: 1,
    timeout: 60_000,
  }, async () => {
    const a = await t.createAdmin();
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const tries = 45;
    const unknownReset: number[] = [];
    const known: number[] = [];
    const unknown: number[] = [];
    const knownReset: number[] = [];
    for (let i = -5; i < tries; i++) {
      await clearFailures(t, a.id); // no lockout: every try checks the password
      t.clock.advance(16 * 60_000); // past the reset-mail cap: every known try creates a link
      const ghost = `ghost${i}@example.test`;
      // Interleaved, and in turns first one then the other, so drift and order hit both sides.
      const pair = async (x: () => Promise<number>, y: () => Promise<number>) =>
        i % 2 ? [await x(), await y()] : [await y(), await x()].reverse();
      const [u, w] = await pair(
        () => time(() => login(ghost, 'not the password')),
        () => time(() => login(a.email, 'not the password')),
      );
      const [ur, kr] = await pair(
        () => time(() => post(t, '/auth/password/resetlink', { email: ghost })),
        () => time(() => post(t, '/auth/password/resetlink', { email: a.email })),
      );
      if (i < 0) continue; // warm-up
      unknown.push(u!);
      unknownReset.push(ur!);
      known.push(w!);
      knownReset.push(kr!);
    }
    // Medians of interleaved tries. The bound, 5 ms or a third of a try on a
    // slow or busy machine, is below what the statements an unknown e-mail used
    // to skip cost (two updates on login; on reset a whole transaction, which
    // made an unknown e-mail answer in half the time).
    const gap = (x: number[], y: number[]) => Math.abs(median(x) - median(y));
    const bound = (xs: number[]) => Math.max(5, median(xs) / 3);
    const figures = `login ${median(unknown).toFixed(1)} / ${median(known).toFixed(1)} ms; reset ${median(unknownReset).toFixed(1)} / ${median(knownReset).toFixed(1)} ms`;
    expect(gap(unknown, known), figures).toBeLessThan(bound(known));
    expect(gap(unknownReset, knownReset), figures).toBeLessThan(bound(knownReset));
    // The unknown e-mail really is checked against a (dummy) hash, not answered at once.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
  });
});

describe('item 4: lockout', () => {
  it('item 4: after 10 failures the 11th gets 429 even with the right password, for 15 minutes', async () => {
    const a = await t.createAdmin();
    for (let i = 0; i < 10; i++) {
      // Spoofed client addresses change nothing: failures are counted per account.
      const res = await login(a.email, `wrong ${i}`, {
        'x-forwarded-for': `198.51.100.${i}`,
        'x-real-ip': `198.51.100.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(a.email, TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.7' });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).code).toBe('too_many_requests');
    expect(Number(locked.headers['retry-after'])).toBe(LOCK_MS / 1000);
    expect(locked.body).not.toMatch(/challenge/i);

    t.clock.advance(LOCK_MS - 1000);
    expect((await login(a.email, TEST_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(2000);
    const open = await login(a.email, TEST_PASSWORD);
    expect(open.statusCode).toBe(200);
  });

  it('item 4: failures are counted per account, whatever the client address', async () => {
    const a = await t.createAdmin();
    for (let i = 0; i < 10; i++) {
      // Ten different socket addresses: the count is the account's, not the client's.
      const res = await post(
        t,
        '/auth/login',
        { email: a.email, password: `wrong ${i}` },
        { remoteAddress: `10.0.0.${i + 1}` },
      );
      expect(res.statusCode).toBe(401);
    }
    // A genuinely different client (another socket address) is locked out too.
    const other = await post(
      t,
      '/auth/login',
      { email: a.email, password: TEST_PASSWORD },
      { remoteAddress: '192.0.2.99' },
    );
    expect(other.statusCode).toBe(429);
    expect((await adminRow(t, a.id)).lockedUntil).not.toBeNull();
  });

  it('item 4: a burst of 40 parallel guesses is checked at most 10 times', async () => {
    const a = await t.createAdmin();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(a.email, `guess ${i}`)),
    );
    const checked = answers.filter((r) => r.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - checked.length);
    expect((await login(a.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await adminRow(t, a.id)).lockedUntil).not.toBeNull();
  });

  it('item 4: at most 100 failures an hour per account', async () => {
    const a = await t.createAdmin();
    let checked = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 12; i++) {
        const res = await login(a.email, `guess ${minute}.${i}`);
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(401);
        checked++;
      }
      t.clock.advance(60_000);
    }
    expect(checked).toBeLessThanOrEqual(100);
    expect(checked).toBeGreaterThanOrEqual(10);
  }, 30_000);

  it('item 4: a spoofed X-Forwarded-For does not reset the per-IP rate limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` },
          payload: { email: `nobody${i}@example.test`, password: 'whatever pass' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('item 8: the password step never returns tokens', () => {
  it('item 8: the password step answers only a challenge id and expiry, never tokens', async () => {
    const a = await t.createAdmin();
    const { res, challengeId, code } = await startLogin(t, a.email);
    expect(Object.keys(res.json()).sort()).toEqual(['challengeId', 'expiresAt']);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toMatch(/token|eyJ/i);
    const resend = await post(t, '/auth/resendotp', { challengeId });
    expect(Object.keys(resend.json()).sort()).toEqual(['challengeId', 'expiresAt']);
    expect(resend.headers['set-cookie']).toBeUndefined();
    // The challenge id is no bearer credential.
    expect((await t.as(challengeId, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await confirm(t, challengeId, code)).statusCode).toBe(401); // resent: old one dead
  });
});

describe('item 26: sign-in audit rows', () => {
  it('item 26: login success and failure leave rows with UTC time, actor, ip, target; no secrets', async () => {
    const root = await t.createAdmin({ role: 'super_admin' });
    const a = await t.createAdmin({ password: 'audit me passphrase' });
    const ip = { remoteAddress: '203.0.113.42' };
    await post(
      t,
      '/auth/login',
      { email: 'stranger@example.test', password: 'stranger pass 1' },
      ip,
    );
    await post(t, '/auth/login', { email: a.email, password: 'wrong pass for audit' }, ip);
    const session = await signIn(t, a.email, 'audit me passphrase');
    const s = await signIn(t, root.email);
    const list = await t.as(s.accessToken, {
      method: 'GET',
      url: '/api/audit?pageSize=100',
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().items as Array<Record<string, unknown>>;
    const failures = rows.filter((r) => r.action === 'login_failed' && r.ip === '203.0.113.42');
    expect(failures).toHaveLength(2);
    expect(failures.map((r) => r.actorEmail).sort()).toEqual(
      [a.email, 'stranger@example.test'].sort(),
    );
    expect(failures.find((r) => r.actorEmail === a.email)).toMatchObject({ actorId: a.id });
    const success = rows.find((r) => r.action === 'login' && r.actorId === a.id);
    expect(success).toMatchObject({ actorEmail: a.email, entity: 'session', ip: '127.0.0.1' });
    expect(success!.entityId).toEqual(expect.any(String));
    for (const r of [...failures, success!]) {
      expect(r.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(Math.abs(Date.parse(r.at as string) - Date.now())).toBeLessThan(60_000);
    }
    const all = await auditRows(t);
    const text = JSON.stringify(all);
    for (const secret of [
      'stranger pass 1',
      'wrong pass for audit',
      'audit me passphrase',
      TEST_PASSWORD,
      session.accessToken,
      session.refreshToken,
      s.refreshToken,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(auditText(all)).not.toMatch(/\$argon2/);
  });
});
