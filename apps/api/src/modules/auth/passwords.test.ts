import { dictionary } from '@zxcvbn-ts/language-common';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/index.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { adminRow, bearer, body, db, post, signIn } from './security.helpers.ts';

/** docs/security.md items 1 and 2: how passwords are stored and which are accepted. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The PHC string's parameters, or a failed expectation. */
function argon2Params(stored: string) {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    stored,
  );
  expect(m, `not an argon2id v19 PHC string: ${stored}`).not.toBeNull();
  const [, mem, time, par, salt, hash] = m!;
  return { m: Number(mem), t: Number(time), p: Number(par), salt: salt!, hash: hash! };
}

/** ASVS 5.0 Appendix C: t=1 needs m ≥ 47104 KiB, t=2 m ≥ 19456, t ≥ 3 m ≥ 12288. */
const meetsFloor = ({ m, t: time, p }: { m: number; t: number; p: number }) =>
  p === 1 &&
  ((time === 1 && m >= 47104) || (time === 2 && m >= 19456) || (time >= 3 && m >= 12288));

const changePassword = (accessToken: string, currentPassword: string, newPassword: string) =>
  post(t, '/user/password/update', { currentPassword, newPassword }, bearer(accessToken));

const loginStatus = async (email: string, password: string) =>
  (await post(t, '/auth/login', { email, password })).statusCode;

describe('item 2: no default account', () => {
  // Runs first, on the still empty database.
  it('item 2: an empty database has no admin, setup is needed, well-known defaults fail', async () => {
    const [row] = await db(t).select({ n: count() }).from(admins);
    expect(row!.n).toBe(0);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/setup' });
    expect(status.json()).toEqual({ needed: true });
    for (const [email, password] of [
      ['admin@localhost.test', 'admin'],
      ['admin@example.com', 'admin123'],
      ['root@example.com', 'password'],
    ] as const) {
      expect(await loginStatus(email, password)).toBe(401);
    }
  });
});

describe('item 1: argon2id storage', () => {
  it('item 1: the stored hash is argon2id v19 with parameters above the ASVS floor', async () => {
    const a = await t.createAdmin();
    const stored = (await adminRow(t, a.id)).passwordHash!;
    const params = argon2Params(stored);
    expect(meetsFloor(params), JSON.stringify(params)).toBe(true);
    expect(stored).not.toContain(TEST_PASSWORD);
    // The floor check itself: OWASP's three configurations pass, weaker ones fail.
    expect(meetsFloor({ m: 47104, t: 1, p: 1 })).toBe(true);
    expect(meetsFloor({ m: 19456, t: 2, p: 1 })).toBe(true);
    expect(meetsFloor({ m: 12288, t: 3, p: 1 })).toBe(true);
    expect(meetsFloor({ m: 19455, t: 2, p: 1 })).toBe(false);
    expect(meetsFloor({ m: 4096, t: 3, p: 1 })).toBe(false);
  });

  it('item 1: a password set through the API is stored the same way', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    const res = await changePassword(s.accessToken, TEST_PASSWORD, 'a fresh and long passphrase');
    expect(res.statusCode).toBe(200);
    expect(meetsFloor(argon2Params((await adminRow(t, a.id)).passwordHash!))).toBe(true);
  });

  it('item 1: the same password for two users gives different hashes (random salt)', async () => {
    const a = await t.createAdmin({ password: 'shared passphrase 42' });
    const b = await t.createAdmin({ password: 'shared passphrase 42' });
    const ha = argon2Params((await adminRow(t, a.id)).passwordHash!);
    const hb = argon2Params((await adminRow(t, b.id)).passwordHash!);
    expect(ha.salt).not.toBe(hb.salt);
    expect(ha.hash).not.toBe(hb.hash);
    expect(Buffer.from(ha.salt, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(await hashPassword('shared passphrase 42')).not.toBe(
      await hashPassword('shared passphrase 42'),
    );
  });
});

describe('item 2: passwords as typed', () => {
  it('item 2: a 64-character Unicode password works exactly as typed', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    const base = 'Ünïcødé пароль 密码 🔐 ';
    const password = [...base.repeat(4)].slice(0, 64).join('');
    expect([...password].length).toBe(64);
    expect(password.length).toBeGreaterThan(64); // astral characters: code points, not UTF-16 units
    expect((await changePassword(s.accessToken, TEST_PASSWORD, password)).statusCode).toBe(200);
    expect(await loginStatus(a.email, password)).toBe(200);
    const chars = [...password];
    for (const variant of [
      password.toUpperCase(),
      chars.slice(0, 63).join(''), // truncated
      password.trim(),
      `${password} `,
    ]) {
      if (variant === password) continue;
      expect(await loginStatus(a.email, variant)).toBe(401);
    }
  });

  it('item 2: case matters (Password1 is not password1) and long passwords are not truncated', async () => {
    const a = await t.createAdmin({ password: 'Zebra-Crossing-Nine' });
    expect(await loginStatus(a.email, 'Zebra-Crossing-Nine')).toBe(200);
    expect(await loginStatus(a.email, 'zebra-crossing-nine')).toBe(401);
    expect(await loginStatus(a.email, 'ZEBRA-CROSSING-NINE')).toBe(401);
    const long = `${'x'.repeat(100)}tail-that-matters`;
    const b = await t.createAdmin({ password: long });
    expect(await loginStatus(b.email, long)).toBe(200);
    expect(await loginStatus(b.email, long.slice(0, 72))).toBe(401); // bcrypt's limit
    expect(await loginStatus(b.email, long.slice(0, 100))).toBe(401);
  });

  it('item 2: at least 8 characters, no composition rules', async () => {
    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    for (const short of ['qzxvbnm', '🔐🔐🔐🔐🔐🔐🔐']) {
      const res = await changePassword(s.accessToken, TEST_PASSWORD, short);
      expect(res.statusCode).toBe(400);
      expect(body(res).details).toEqual([
        expect.objectContaining({ path: 'body.newPassword', message: 'At least 8 characters' }),
      ]);
    }
    // Eight lowercase letters: no digit, capital or symbol demanded.
    let current = TEST_PASSWORD;
    for (const ok of ['qzxvbnmp', '🔐🔐🔐🔐🔐🔐🔐🔐', 'ñandú ñu']) {
      const res = await changePassword(s.accessToken, current, ok);
      expect(res.statusCode, res.body).toBe(200);
      current = ok;
    }
    expect(await loginStatus(a.email, current)).toBe(200);
  });

  it('item 2: the 3,000 most common passwords are refused with 400 and field details', async () => {
    const top = (dictionary.passwords as string[]).slice(0, 3000);
    const samples = [
      'password1',
      'Password1', // case-insensitive: a capital does not make it uncommon
      ...top
        .filter((p) => [...p].length >= 8)
        .filter((_, i, all) => i % Math.ceil(all.length / 6) === 0),
      top.filter((p) => p.length >= 8).at(-1)!, // the 3,000th end of the list
    ];
    expect(samples.length).toBeGreaterThanOrEqual(8);
    for (const p of samples) expect(isCommonPassword(p), p).toBe(true);

    const a = await t.createAdmin();
    const s = await signIn(t, a.email);
    for (const p of samples) {
      const res = await changePassword(s.accessToken, TEST_PASSWORD, p);
      expect(res.statusCode, p).toBe(400);
      expect(body(res).details).toEqual([
        { path: 'body.newPassword', message: expect.stringMatching(/too common/) },
      ]);
    }
    // The other places a password is chosen refuse them the same way.
    const fakeToken = 'x'.repeat(43);
    for (const [url, payload] of [
      ['/auth/password/reset', { token: fakeToken, password: 'password1' }],
      ['/auth/invite/accept', { token: fakeToken, password: 'password1' }],
      [
        '/auth/setup',
        { token: fakeToken, email: 'x@example.test', name: 'X', password: 'password1' },
      ],
    ] as const) {
      const res = await post(t, url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).details, url).toEqual([
        { path: 'body.password', message: expect.stringMatching(/too common/) },
      ]);
    }
    expect(await loginStatus(a.email, TEST_PASSWORD)).toBe(200); // nothing was changed
  });
});
