import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { codeIn, linkTokenIn } from '../../test/smtp-receiver.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in flow', () => {
  it('password, then mailed code, then tokens; me answers the admin', async () => {
    const admin = await t.createAdmin({ modules: ['admins'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual(['challengeId', 'expiresAt']);
    const mail = await t.smtp.waitFor((m) => m.to.includes(admin.email));
    const otp = codeIn(mail);
    expect(otp).toMatch(/^\d{6}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirmotp',
      payload: { challengeId: login.json().challengeId, otp },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.admin).toMatchObject({ email: admin.email, role: 'admin', modules: ['admins'] });
    const me = await t.as(body.accessToken, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(admin.email);
  });

  it('a resend kills the old code and mails a new one', async () => {
    const admin = await t.createAdmin();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    const first = await t.smtp.waitFor((m) => m.to.includes(admin.email));
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resendotp',
      payload: { challengeId: login.json().challengeId },
    });
    expect(resend.statusCode).toBe(200);
    const second = await t.smtp.waitFor((m) => m.to.includes(admin.email) && m !== first);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirmotp',
      payload: { challengeId: login.json().challengeId, otp: codeIn(first) },
    });
    expect(old.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirmotp',
      payload: { challengeId: resend.json().challengeId, otp: codeIn(second) },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('reset link from the configured base URL, single use, revokes sessions', async () => {
    const admin = await t.createAdmin();
    const session = await t.signIn(admin.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/resetlink',
      headers: { host: 'evil.test' },
      payload: { email: admin.email },
    });
    expect(res.json()).toEqual({ ok: true });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(admin.email) && m.subject === 'Reset your password',
    );
    expect(mail.body).toContain('https://backoffice.example.test/password/reset?token=');
    expect(mail.body).not.toContain('evil.test');
    const token = linkTokenIn(mail);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'another new passphrase' },
    });
    expect(again.statusCode).toBe(400);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await t.signIn(admin.email, 'a brand new passphrase');
  });
});
