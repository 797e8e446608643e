import { eq } from 'drizzle-orm';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  auditRows,
  bearer,
  body,
  db,
  me,
  post,
  refresh,
  type Session,
  signIn,
} from './security.helpers.ts';

/** docs/security.md items 9, 10 and 11: access and refresh tokens. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const INVALID = { message: 'Invalid token', code: 'invalid_token' };

/** 401 'Invalid token' and no hint of expiry. */
async function expectInvalid(token: string) {
  const res = await me(t, token);
  expect(res.statusCode, token).toBe(401);
  expect(res.json()).toEqual(INVALID);
  expect(res.body).not.toContain('Token expired');
}

const familyRows = (adminId: number) =>
  db(t).select().from(refreshTokens).where(eq(refreshTokens.adminId, adminId));

describe('item 9: access tokens', () => {
  it('item 9: alg:none, algorithm confusion and tampered signatures get 401 Invalid token', async () => {
    const a = await t.createAdmin();
    const other = await t.createAdmin({ role: 'super_admin' });
    const s = await signIn(t, a.email);
    expect((await me(t, s.accessToken)).statusCode).toBe(200);
    const claims = decodeJwt(s.accessToken);
    const [header, payload, signature] = s.accessToken.split('.') as [string, string, string];
    const secret = t.config.jwtSecret;
    const sign = (alg: string, key: Parameters<SignJWT['sign']>[0], extra: object = {}) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
    const rsa = await generateKeyPair('RS256');
    const ec = await generateKeyPair('ES256');
    const forged = [
      // alg:none, with and without the original signature
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${b64({ alg: 'None' })}.${payload}.`,
      // other HMAC algorithms with the real secret, asymmetric ones with a foreign key
      await sign('HS384', secret),
      await sign('HS512', secret),
      await sign('RS256', rsa.privateKey),
      await sign('ES256', ec.privateKey),
      // HS256 with another secret
      await sign('HS256', new TextEncoder().encode('another-secret-another-secret-0123456789')),
      // a changed payload under the original signature (become the super admin)
      `${header}.${b64({ ...claims, sub: String(other.id) })}.${signature}`,
      // a changed signature
      `${header}.${payload}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      // correctly signed but not an access token
      await sign('HS256', secret, { typ: 'refresh' }),
      await sign('HS256', secret, { sid: undefined }),
    ];
    for (const token of forged) await expectInvalid(token);
    expect((await me(t, s.accessToken)).statusCode).toBe(200);
  });

  it("item 9: an expired token gets 401 'Token expired' (code token_expired)", async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    const { exp, iat } = decodeJwt(s.accessToken);
    expect((exp! - iat!) * 1000).toBe(t.config.accessTokenTtlMs);
    t.clock.advance(t.config.accessTokenTtlMs - 1000);
    expect((await me(t, s.accessToken)).statusCode).toBe(200);
    t.clock.advance(2000);
    const res = await me(t, s.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Token expired', code: 'token_expired' });
    // An expired token with a bad signature is invalid, not "expired".
    const [h, p, sig] = s.accessToken.split('.') as [string, string, string];
    await expectInvalid(
      `${h}.${p}.${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`,
    );
  });

  it('item 9: a refresh token as Bearer, or an access token posted to /auth/refresh, gets 401', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    await expectInvalid(s.refreshToken);
    const res = await refresh(t, s.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/accessToken/);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(200); // the real one still works
  });
});

describe('item 10: refresh-token rotation and reuse detection', () => {
  it('item 10: R1 gives {A2, R2}; replaying R1 gives 401, then R2 gives 401; reuse is logged', async () => {
    const a = await t.createAdmin();
    const s1 = await signIn(t, a.email);
    const rotated = await refresh(t, s1.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const s2 = rotated.json() as Session;
    expect(Object.keys(s2).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(s2.refreshToken).not.toBe(s1.refreshToken);
    expect((await me(t, s2.accessToken)).statusCode).toBe(200);

    const replay = await refresh(t, s1.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    const reuse = (await auditRows(t, 'authn_token_reuse')).filter((r) => r.actorId === a.id);
    expect(reuse).toHaveLength(1);
    expect((await refresh(t, s2.refreshToken)).statusCode).toBe(401); // the family is revoked
    await expectInvalid(s2.accessToken); // and its access token with it

    expect(reuse[0]).toMatchObject({ entity: 'session', ip: '127.0.0.1' });
    expect(JSON.stringify(reuse)).not.toContain(s1.refreshToken);
    expect((await familyRows(a.id)).every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('item 10: reuse revokes only that family, not the admin’s other sessions', async () => {
    const a = await t.createAdmin();
    const stolen = await signIn(t, a.email);
    const other = await signIn(t, a.email);
    await refresh(t, stolen.refreshToken);
    expect((await refresh(t, stolen.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });
});

describe('item 11: refresh-token storage, expiry and revocation', () => {
  it('item 11: refresh tokens are stored only as hashes', async () => {
    const a = await t.createAdmin();
    const s1 = await signIn(t, a.email);
    const s2 = (await refresh(t, s1.refreshToken)).json() as Session;
    const rows = await familyRows(a.id);
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    for (const secret of [s1.refreshToken, s2.refreshToken, s1.accessToken, s2.accessToken]) {
      expect(dump).not.toContain(secret);
    }
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [sha256(s1.refreshToken), sha256(s2.refreshToken)].sort(),
    );
    expect(Buffer.from(s1.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('item 11: idle expiry: a refresh token unused for the idle time is dead', async () => {
    const idle = t.config.refreshIdleTtlMs;
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    t.clock.advance(idle - 1000);
    const next = await refresh(t, s.refreshToken);
    expect(next.statusCode).toBe(200); // and the idle window restarts
    t.clock.advance(idle + 1000);
    const late = await refresh(t, next.json().refreshToken);
    expect(late.statusCode).toBe(401);
    expect(body(late).code).toBe('session_expired');
  });

  it('item 11: absolute expiry: refreshing keeps a session alive only up to its lifetime', async () => {
    const { refreshTokenTtlMs: ttl, refreshIdleTtlMs: idle } = t.config;
    expect(idle).toBeLessThan(ttl);
    const a = await t.createAdmin();
    let token = (await signIn(t, a.email)).refreshToken;
    const step = idle - 60_000;
    let elapsed = 0;
    while (elapsed + step < ttl - 1000) {
      t.clock.advance(step);
      elapsed += step;
      const res = await refresh(t, token);
      expect(res.statusCode, `after ${elapsed} ms`).toBe(200);
      token = res.json().refreshToken;
    }
    t.clock.advance(ttl - 1000 - elapsed);
    const last = await refresh(t, token);
    expect(last.statusCode).toBe(200);
    t.clock.advance(2000);
    const over = await refresh(t, last.json().refreshToken);
    expect(over.statusCode).toBe(401);
    expect(body(over).code).toBe('session_expired');
  });

  /** Two sessions of a fresh admin; `check` answers whether each still works. */
  async function twoSessions(role: 'admin' | 'super_admin' = 'admin') {
    const a = await t.createAdmin({ role });
    const one = await signIn(t, a.email);
    const two = await signIn(t, a.email);
    const alive = async (s: Session) => {
      const access = (await me(t, s.accessToken)).statusCode;
      expect([200, 401]).toContain(access);
      return access === 200;
    };
    const refreshes = async (s: Session) => (await refresh(t, s.refreshToken)).statusCode === 200;
    return { a, one, two, alive, refreshes };
  }

  it('item 11: logout revokes the session at once; logoutall revokes every session', async () => {
    const { a, one, two, alive, refreshes } = await twoSessions();
    const out = await post(t, '/auth/logout', {}, bearer(one.accessToken));
    expect(out.statusCode).toBe(200);
    expect(await alive(one)).toBe(false); // the access token dies at once
    expect(await refreshes(one)).toBe(false);
    expect(await alive(two)).toBe(true);
    const all = await post(t, '/auth/logoutall', undefined, bearer(two.accessToken));
    expect(all.statusCode).toBe(200);
    expect(await alive(two)).toBe(false);
    expect((await familyRows(a.id)).every((r) => r.revokedAt !== null)).toBe(true);
    // item 26: the logout is audited with actor, ip and the session as target.
    const [row] = (await auditRows(t, 'logout')).filter((r) => r.actorId === a.id);
    expect(row).toMatchObject({ actorEmail: a.email, entity: 'session', ip: '127.0.0.1' });
    expect(row!.entityId).toBe(decodeJwt(one.accessToken).sid);
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('item 11: the access token is dead once logout answers, even with checks in flight', async () => {
    const a = await t.createAdmin();
    for (let i = 0; i < 5; i++) {
      const s = await signIn(t, a.email);
      const inFlight = Array.from({ length: 10 }, () => me(t, s.accessToken));
      await Promise.all([post(t, '/auth/logout', {}, bearer(s.accessToken)), ...inFlight]);
      await expectInvalid(s.accessToken); // no check in flight left a cached "live"
    }
  });

  it('item 11: a password change revokes every other session at once', async () => {
    const { a, one, two, alive, refreshes } = await twoSessions();
    const res = await post(
      t,
      '/user/password/update',
      { currentPassword: a.password, newPassword: 'rotated passphrase 11' },
      bearer(one.accessToken),
    );
    expect(res.statusCode).toBe(200);
    expect(await alive(two)).toBe(false);
    expect(await refreshes(two)).toBe(false);
    expect(await alive(one)).toBe(true); // the session that changed it stays
  });

  it('item 11: a password reset revokes every session at once', async () => {
    const { a, one, two, alive, refreshes } = await twoSessions();
    const since = t.smtp.mails.length;
    await post(t, '/auth/password/resetlink', { email: a.email });
    const mail = await t.smtp.waitFor(
      (m) => t.smtp.mails.indexOf(m) >= since && m.subject === 'Reset your password',
    );
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const res = await post(t, '/auth/password/reset', { token, password: 'reset passphrase 11' });
    expect(res.statusCode).toBe(200);
    for (const s of [one, two]) {
      expect(await alive(s)).toBe(false);
      expect(await refreshes(s)).toBe(false);
    }
  });

  it('item 11: disabling an admin revokes their sessions and kills their access token at once', async () => {
    const { a, one, two, alive, refreshes } = await twoSessions();
    const root = await t.createAdmin({ role: 'super_admin' });
    const rs = await signIn(t, root.email);
    expect(await alive(one)).toBe(true); // (also warms any cache of the guard)
    const res = await post(
      t,
      '/user/edituser',
      { id: a.id, status: 'disabled' },
      bearer(rs.accessToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, status: 'disabled' });
    for (const s of [one, two]) {
      expect(await alive(s)).toBe(false);
      expect(await refreshes(s)).toBe(false);
    }
    expect((await familyRows(a.id)).every((r) => r.revokedAt !== null)).toBe(true);
    // Re-enabling does not bring old sessions back.
    await post(t, '/user/edituser', { id: a.id, status: 'active' }, bearer(rs.accessToken));
    expect(await alive(one)).toBe(false);
  });
});
