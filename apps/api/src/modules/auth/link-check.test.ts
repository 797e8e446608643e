import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { linkTokenIn } from '../../test/smtp-receiver.ts';
import { ensureSetupLink } from './password.service.ts';
import { bearer, body, mailAfter, post, resetPassword, resetToken } from './security.helpers.ts';
import { TTL } from './tokens.service.ts';

/** A page opened from a one-time link asks first whether the link still works. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (kind: string, token: string) => post(t, '/auth/link/check', { kind, token });

async function expectDead(kind: string, token: string) {
  const res = await check(kind, token);
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res)).toMatchObject({
    code: 'invalid_link',
    message: 'This link is invalid, used or expired. Ask for a new one.',
  });
}

describe('POST /auth/link/check', () => {
  // First, while the database is still empty.
  it('a setup link works until the first admin exists, and checking it uses nothing', async () => {
    const link = await ensureSetupLink(t.app.deps);
    const token = new URL(link!).searchParams.get('token')!;
    expect((await check('setup', token)).json()).toEqual({ ok: true });
    expect((await check('setup', token)).statusCode).toBe(200);
    await expectDead('reset', token);
    const setup = await post(t, '/auth/setup', {
      token,
      email: 'first@example.test',
      name: 'First Admin',
      password: 'first admin passphrase',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    await expectDead('setup', token);
  });

  it('a reset link: live until used, still usable after any number of checks', async () => {
    const a = await t.createAdmin();
    const { token } = await resetToken(t, a.email);
    for (let i = 0; i < 3; i++) expect((await check('reset', token)).statusCode).toBe(200);
    // The same token is not an invitation.
    await expectDead('invite', token);
    expect((await resetPassword(t, token, 'a new passphrase 42')).statusCode).toBe(200);
    await expectDead('reset', token);
  });

  it('a reset link dies with time, and after the password changed', async () => {
    const a = await t.createAdmin();
    const late = (await resetToken(t, a.email)).token;
    t.clock.advance(TTL.reset + 1000);
    await expectDead('reset', late);

    const b = await t.createAdmin();
    const { token } = await resetToken(t, b.email);
    const s = await t.signIn(b.email);
    const change = await post(
      t,
      '/user/password/update',
      { currentPassword: TEST_PASSWORD, newPassword: 'changed in between 7' },
      bearer(s.accessToken),
    );
    expect(change.statusCode).toBe(200);
    await expectDead('reset', token);
  });

  it('an invitation: live until accepted', async () => {
    const boss = await t.createAdmin({ role: 'super_admin' });
    const s = await t.signIn(boss.email);
    const since = t.smtp.mails.length;
    const email = 'invited-checker@example.test';
    const created = await post(
      t,
      '/manage/createadminuser',
      { email, name: 'Invited Checker', modules: [] },
      bearer(s.accessToken),
    );
    expect(created.statusCode, created.body).toBe(200);
    const token = linkTokenIn(await mailAfter(t, since, email, ''));
    expect((await check('invite', token)).statusCode).toBe(200);
    const accepted = await post(t, '/auth/invite/accept', {
      token,
      password: 'invited passphrase 9',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectDead('invite', token);
  });

  it('an unknown token, kind or shape is refused with a 400 in words', async () => {
    await expectDead('reset', 'x'.repeat(43));
    for (const payload of [
      { kind: 'reset' },
      { kind: 'login', token: 'x'.repeat(43) },
      { kind: 'reset', token: 'short' },
    ]) {
      const res = await post(t, '/auth/link/check', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('validation_failed');
    }
  });
});

describe('POST /auth/link/check is rate-limited like the other public sign-in routes', () => {
  it('answers 429 past AUTH_RATE_LIMIT tries a minute from one address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(limited, '/auth/link/check', {
          kind: 'reset',
          token: 'y'.repeat(43),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
