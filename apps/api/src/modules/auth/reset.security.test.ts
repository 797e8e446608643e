import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { jobsIdle } from '../../test/jobs.testing.ts';
import {
  actionTokenRows,
  auditRows,
  bearer,
  body,
  confirm,
  db,
  mailAfter,
  mailsAfter,
  me,
  post,
  refresh,
  resetPassword,
  resetToken,
  signIn,
  startLogin,
} from './security.helpers.ts';
import { TTL } from './tokens.service.ts';

/** docs/security.md items 13 and 14: password reset links. */

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built web app, so that the reset page itself is served.
  webDist = mkdtempSync(path.join(tmpdir(), 'bo-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Back-office</title>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const INVALID_LINK = 'invalid_link';
const settle = () => jobsIdle(t.app); // every queued mail has been sent

describe('item 13: the reset token', () => {
  it('item 13: at least 128 random bits, different every time', async () => {
    const a = await t.createAdmin();
    const one = (await resetToken(t, a.email)).token;
    const two = (await resetToken(t, a.email)).token;
    expect(one).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(one, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(one).not.toBe(two);
  });

  it('item 13: stored only as a hash (action_tokens holds no plain token)', async () => {
    const a = await t.createAdmin();
    const { token } = await resetToken(t, a.email);
    const rows = await actionTokenRows(t, a.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
  });

  it('item 13: single use; using it also ends the other outstanding links', async () => {
    const a = await t.createAdmin();
    const first = (await resetToken(t, a.email)).token;
    const second = (await resetToken(t, a.email)).token;
    expect((await resetPassword(t, first, 'first new passphrase')).statusCode).toBe(200);
    const again = await resetPassword(t, first, 'second new passphrase');
    expect(again.statusCode).toBe(400);
    expect(body(again).code).toBe(INVALID_LINK);
    expect(body(await resetPassword(t, second, 'third new passphrase')).code).toBe(INVALID_LINK);
    expect(
      (await post(t, '/auth/login', { email: a.email, password: 'first new passphrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('item 13: single use also under 5 parallel uses', async () => {
    const a = await t.createAdmin();
    const { token } = await resetToken(t, a.email);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => resetPassword(t, token, `parallel passphrase ${i}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('item 13: expiry boundary on the fake clock (30 minutes)', async () => {
    expect(TTL.reset).toBe(30 * 60_000);
    const a = await t.createAdmin();
    const late = (await resetToken(t, a.email)).token;
    t.clock.advance(TTL.reset + 1000);
    const res = await resetPassword(t, late, 'too late passphrase');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(INVALID_LINK);
    const inTime = (await resetToken(t, a.email)).token;
    t.clock.advance(TTL.reset - 1000);
    expect((await resetPassword(t, inTime, 'just in time passphrase')).statusCode).toBe(200);
  });

  it('item 13: stops working after a password change', async () => {
    const a = await t.createAdmin();
    const { token } = await resetToken(t, a.email);
    const s = await signIn(t, a.email);
    const change = await post(
      t,
      '/user/password/update',
      { currentPassword: TEST_PASSWORD, newPassword: 'changed meanwhile 13' },
      bearer(s.accessToken),
    );
    expect(change.statusCode).toBe(200);
    const res = await resetPassword(t, token, 'attacker passphrase 13');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(INVALID_LINK);
  });

  it('item 13: stops working after an e-mail change', async () => {
    // No route changes an admin's e-mail; the row is changed directly, as an operator would.
    const a = await t.createAdmin();
    const { token } = await resetToken(t, a.email);
    await db(t)
      .update(admins)
      .set({ email: `moved-${a.email}` })
      .where(eq(admins.id, a.id));
    const res = await resetPassword(t, token, 'attacker passphrase 13');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(INVALID_LINK);
  });
});

describe('item 14: the reset flow', () => {
  it('item 14: the link comes from PUBLIC_BASE_URL even with Host: evil.test', async () => {
    const a = await t.createAdmin();
    const { mail, token } = await resetToken(t, a.email, {
      headers: {
        host: 'evil.test',
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'http',
        origin: 'https://evil.test',
        referer: 'https://evil.test/password',
      },
    });
    const link = `${t.config.publicBaseUrl}/password/reset?token=${token}`;
    expect(t.config.publicBaseUrl).toBe('https://backoffice.example.test');
    expect(mail.body).toContain(link);
    expect(mail.raw).not.toContain('evil.test');
    expect(
      mail.body.match(/https?:\/\/[^\s"<>]+/g)!.every((u) => u.startsWith(t.config.publicBaseUrl)),
    ).toBe(true);
  });

  it('item 14: the reset page sends Referrer-Policy: no-referrer', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/password/reset?token=abcdef' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const api = await resetPassword(t, 'x'.repeat(43), 'some new passphrase');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
  });

  it('item 14: at most 3 links per account per 15 minutes, always 200, never a lockout', async () => {
    const a = await t.createAdmin();
    const b = await t.createAdmin();
    const since = t.smtp.mails.length;
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/auth/password/resetlink', { email: a.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    await post(t, '/auth/password/resetlink', { email: b.email }); // another account is not capped
    await mailAfter(t, since, b.email, 'Reset your password');
    await settle();
    expect(mailsAfter(t, since, a.email)).toHaveLength(3);
    expect((await actionTokenRows(t, a.id)).length).toBe(3);
    // Not a lockout: signing in still works, and the cap lifts after the window.
    const login = await startLogin(t, a.email);
    expect((await confirm(t, login.challengeId, login.code)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const next = await resetToken(t, a.email);
    expect(next.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('item 14: the cap also holds for 10 parallel requests', async () => {
    const a = await t.createAdmin();
    const since = t.smtp.mails.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(t, '/auth/password/resetlink', { email: a.email })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(new Array(10).fill(200));
    await settle();
    expect((await actionTokenRows(t, a.id)).length).toBe(3);
    expect(mailsAfter(t, since, a.email)).toHaveLength(3);
  });

  it('item 14: after a reset, sessions are revoked, the admin is notified and sign-in still needs the OTP', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    const { token } = await resetToken(t, a.email);
    const since = t.smtp.mails.length;
    expect((await resetPassword(t, token, 'after reset passphrase')).statusCode).toBe(200);
    const notice = await mailAfter(t, since, a.email, 'Your password was changed');
    expect(notice.body).not.toContain('after reset passphrase');
    expect((await me(t, s.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(401);
    expect(
      (await post(t, '/auth/login', { email: a.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    const login = await startLogin(t, a.email, 'after reset passphrase');
    expect(Object.keys(login.res.json()).sort()).toEqual(['challengeId', 'expiresAt']);
    const done = await confirm(t, login.challengeId, login.code);
    expect(done.statusCode).toBe(200);
    expect(done.json().accessToken).toEqual(expect.any(String));
  });
});

describe('item 26: password audit rows', () => {
  it('item 26: password change, reset link and reset are audited without secrets', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    const since = t.smtp.mails.length;
    const change = await post(
      t,
      '/user/password/update',
      { currentPassword: TEST_PASSWORD, newPassword: 'audited new passphrase' },
      { ...bearer(s.accessToken), remoteAddress: '198.51.100.26' },
    );
    expect(change.statusCode).toBe(200);
    await mailAfter(t, since, a.email, 'Your password was changed'); // the change is notified too
    const { token } = await resetToken(t, a.email);
    await resetPassword(t, token, 'audited reset passphrase');

    const [changed] = (await auditRows(t, 'password_changed')).filter((r) => r.actorId === a.id);
    expect(changed).toMatchObject({
      actorEmail: a.email,
      entity: 'admin',
      entityId: String(a.id),
      ip: '198.51.100.26',
    });
    expect(changed!.at).toBeInstanceOf(Date);
    const [reset] = (await auditRows(t, 'password_reset')).filter((r) => r.actorId === a.id);
    expect(reset).toMatchObject({ entity: 'admin', entityId: String(a.id), ip: '127.0.0.1' });
    const [requested] = (await auditRows(t, 'password_reset_requested')).filter(
      (r) => r.actorId === a.id,
    );
    expect(requested).toMatchObject({ after: { sent: true } });

    const dump = JSON.stringify(await auditRows(t));
    for (const secret of [
      TEST_PASSWORD,
      'audited new passphrase',
      'audited reset passphrase',
      token,
      sha256(token),
      s.accessToken,
      s.refreshToken,
    ]) {
      expect(dump).not.toContain(secret);
    }
  });
});
