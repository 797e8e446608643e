import type { Admin } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { linkTokenIn } from '../../test/smtp-receiver.ts';
import { adminsCalls, adminsWorld, expectPublicAdmin } from './admins.testing.ts';

let t: TestApp;
let superId: number;
let superToken: string;

beforeAll(async () => {
  ({ t, superId, superToken } = await adminsWorld());
});
afterAll(() => t?.close());
const { post, get, row, invite, acceptInvite } = adminsCalls(() => t);

describe('create and invitation', () => {
  it('creates an invited admin, mails a link from PUBLIC_BASE_URL, accepting sets the password', async () => {
    const res = await invite(superToken, {
      email: 'Nina.New@Example.test',
      name: 'Nina New',
      phone: '+44 20 7946 0001',
      modules: ['books', 'books', 'media'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expectPublicAdmin(created);
    expect(created).toMatchObject({
      email: 'nina.new@example.test',
      role: 'admin',
      status: 'invited',
      modules: ['books', 'media'],
      lastLoginAt: null,
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes('nina.new@example.test'));
    expect(mail.body).toContain('https://backoffice.example.test/invite?token=');
    const token = linkTokenIn(mail);
    expect(token.length).toBeGreaterThanOrEqual(22);

    // Not yet able to sign in: no password.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nina.new@example.test', password: TEST_PASSWORD },
    });
    expect(early.statusCode).toBe(401);

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/invite?token=${token}` });
    expect(info.json()).toEqual({ email: 'nina.new@example.test', name: 'Nina New' });
    const accept = await acceptInvite(token, 'nina picks a long passphrase');
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await row(created.id)).status).toBe('active');
    expect((await acceptInvite(token, 'another long passphrase')).statusCode).toBe(400);
    const session = await t.signIn('nina.new@example.test', 'nina picks a long passphrase');
    const me = await get(session.accessToken, '/auth/me');
    expect(me.json()).toMatchObject({
      email: 'nina.new@example.test',
      modules: ['books', 'media'],
    });
  });

  it('refuses a duplicate e-mail in any case with 409', async () => {
    const first = await invite(superToken, { email: 'dup@example.test', name: 'Dup' });
    expect(first.statusCode).toBe(200);
    const res = await invite(superToken, { email: 'DUP@Example.TEST', name: 'Dup again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'body.email' })]);
  });

  it('two simultaneous creations of one e-mail give one 200 and 409s, never a 500', async () => {
    const answers = await Promise.all(
      ['race', 'RACE', 'Race', 'rAce'].map((local) =>
        invite(superToken, { email: `${local}@example.test`, name: local }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('answers 400 with details naming each bad field', async () => {
    const res = await invite(superToken, {
      email: 'not-an-email',
      phone: 'call me',
      modules: ['x'],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.name', 'body.phone']));
    expect(paths.some((p: string) => p.startsWith('body.modules'))).toBe(true);
    const list = await get(superToken, '/user/listofadmin?pageSize=1000&sort=passwordHash');
    expect(list.statusCode).toBe(400);
    expect(list.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['querystring.pageSize', 'querystring.sort']),
    );
  });

  it('resendinvite kills the old link and mails a new one; 409 once accepted', async () => {
    const created = (await invite(superToken, { email: 'late@example.test', name: 'Late' })).json();
    const first = await t.smtp.waitFor((m) => m.to.includes('late@example.test'));
    const res = await post(superToken, '/manage/resendinvite', { id: created.id });
    expect(res.json()).toEqual({ ok: true });
    const second = await t.smtp.waitFor((m) => m.to.includes('late@example.test') && m !== first);
    const password = 'late but long passphrase';
    expect((await acceptInvite(linkTokenIn(first), password)).statusCode).toBe(400);
    expect((await acceptInvite(linkTokenIn(second), password)).statusCode).toBe(200);
    const after = await post(superToken, '/manage/resendinvite', { id: created.id });
    expect(after.statusCode).toBe(409);
    expect((await post(superToken, '/manage/resendinvite', { id: 999_999 })).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('searches, filters, paginates and sorts', async () => {
    for (const n of ['Zed', 'Yara', 'Xavier']) {
      await t.createAdmin({ email: `${n.toLowerCase()}@list.test`, modules: ['media'] });
    }
    await t.createAdmin({ email: 'wanda@list.test', status: 'disabled' });
    const page = async (qs: string) => {
      const res = await get(superToken, `/user/listofadmin?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      res.json().items.forEach(expectPublicAdmin);
      return res.json();
    };
    const byText = await page('q=LIST.TEST&sort=email&order=desc');
    expect(byText.items.map((a: Admin) => a.email)).toEqual([
      'zed@list.test',
      'yara@list.test',
      'xavier@list.test',
      'wanda@list.test',
    ]);
    expect(byText.total).toBe(4);
    const p2 = await page('q=list.test&sort=email&order=asc&page=2&pageSize=3');
    expect(p2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(p2.items.map((a: Admin) => a.email)).toEqual(['zed@list.test']);
    const disabled = await page('q=list&status=disabled');
    expect(disabled.items.map((a: Admin) => a.email)).toEqual(['wanda@list.test']);
    const supers = await page('role=super_admin');
    expect(supers.items.every((a: Admin) => a.role === 'super_admin')).toBe(true);
    expect(supers.items.map((a: Admin) => a.id)).toContain(superId);
    // LIKE wildcards are literal text, not patterns.
    expect((await page('q=%25')).total).toBe(0);
    expect((await page('pageSize=2')).items).toHaveLength(2);
  });
});
