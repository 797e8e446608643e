import { type Admin, adminSchema } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { linkTokenIn } from '../../test/smtp-receiver.ts';

let t: TestApp;
let superToken: string;
let superId: number;
const ADMIN_KEYS = Object.keys(adminSchema.shape).sort();

beforeAll(async () => {
  t = await createTestApp();
  const s = await t.createAdmin({ role: 'super_admin', email: 'root@example.test' });
  superId = s.id;
  superToken = (await t.signIn(s.email)).accessToken;
});
afterAll(() => t?.close());

const post = (token: string, url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` });
const row = async (id: number) =>
  (await t.app.deps.db.select().from(admins).where(eq(admins.id, id)))[0]!;

/** Every admin in an answer has exactly the contract's keys: no hash, no counters. */
function expectPublicAdmin(a: Admin) {
  expect(Object.keys(a).sort()).toEqual(ADMIN_KEYS);
  expect(JSON.stringify(a)).not.toMatch(/argon2|passwordHash|failedLogins/);
}

const invite = (token: string, body: object) => post(token, '/manage/createadminuser', body);
const acceptInvite = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/invite/accept', payload: { token, password } });

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

describe('edit, disable, modules, delete', () => {
  it('edits name, phone and role; disabling revokes sessions at once', async () => {
    const a = await t.createAdmin({ modules: ['books'] });
    const s = await t.signIn(a.email);
    const edit = await post(superToken, '/user/edituser', {
      id: a.id,
      name: 'Renamed',
      phone: null,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expectPublicAdmin(edit.json());
    expect(edit.json()).toMatchObject({ name: 'Renamed', phone: null, status: 'active' });
    const off = await post(superToken, '/user/edituser', { id: a.id, status: 'disabled' });
    expect(off.json().status).toBe('disabled');
    expect((await get(s.accessToken, '/auth/me')).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(t.signIn(a.email)).rejects.toThrow(/login 401/);
    await post(superToken, '/user/edituser', { id: a.id, status: 'active' });
    await t.signIn(a.email);
  });

  it('updatemodules replaces the set and takes effect on the next request', async () => {
    const a = await t.createAdmin({ modules: ['admins'] });
    const s = await t.signIn(a.email);
    expect((await get(s.accessToken, '/modules/listofmodules')).statusCode).toBe(200);
    const res = await post(superToken, '/manage/updatemodules', {
      id: a.id,
      modules: ['media', 'books'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expectPublicAdmin(res.json());
    expect([...res.json().modules].sort()).toEqual(['books', 'media']);
    expect((await get(s.accessToken, '/modules/listofmodules')).statusCode).toBe(403);
  });

  it('never deletes oneself or the last super admin; deletes others', async () => {
    const self = await post(superToken, '/manage/deleteadminuser', { id: superId });
    expect(self.statusCode).toBe(409);
    const lastSuper = await post(superToken, '/user/edituser', { id: superId, role: 'admin' });
    expect(lastSuper.statusCode).toBe(409);
    const selfDisable = await post(superToken, '/user/edituser', {
      id: superId,
      status: 'disabled',
    });
    expect(selfDisable.statusCode).toBe(409);
    expect((await row(superId)).role).toBe('super_admin');
    const victim = await t.createAdmin();
    const del = await post(superToken, '/manage/deleteadminuser', { id: victim.id });
    expect(del.json()).toEqual({ ok: true });
    expect(await row(victim.id)).toBeUndefined();
    const gone = await post(superToken, '/manage/deleteadminuser', { id: victim.id });
    expect(gone.statusCode).toBe(404);
  });

  it('two super admins deleting each other at once leave one of them', async () => {
    const a = await t.createAdmin({ role: 'super_admin' });
    const b = await t.createAdmin({ role: 'super_admin' });
    const [ta, tb] = await Promise.all([t.signIn(a.email), t.signIn(b.email)]);
    // Take the original super admin out of the count for this race.
    await t.app.deps.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, superId));
    try {
      const [r1, r2] = await Promise.all([
        post(ta.accessToken, '/manage/deleteadminuser', { id: b.id }),
        post(tb.accessToken, '/manage/deleteadminuser', { id: a.id }),
      ]);
      // The loser is refused (409), or already gone when its request arrives (401).
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const left = [await row(a.id), await row(b.id)].filter(Boolean);
      expect(left).toHaveLength(1);
    } finally {
      await t.app.deps.db.update(admins).set({ status: 'active' }).where(eq(admins.id, superId));
    }
  });
});

describe('limits of a non-super admin', () => {
  it('cannot manage super admins nor grant modules it does not hold (403)', async () => {
    const boss = await t.createAdmin({ modules: ['admins', 'books'] });
    const { accessToken: tok } = await t.signIn(boss.email);
    const other = await t.createAdmin({ modules: ['media'] });
    const cases: [string, object][] = [
      ['/manage/createadminuser', { email: 'x1@example.test', name: 'X', role: 'super_admin' }],
      ['/manage/createadminuser', { email: 'x2@example.test', name: 'X', modules: ['media'] }],
      ['/user/edituser', { id: superId, name: 'Hijacked' }],
      ['/user/edituser', { id: other.id, role: 'super_admin' }],
      ['/manage/deleteadminuser', { id: superId }],
      ['/manage/updatemodules', { id: superId, modules: [] }],
      ['/manage/updatemodules', { id: other.id, modules: ['media', 'reports'] }],
      ['/manage/updatemodules', { id: boss.id, modules: ['admins', 'books', 'media'] }],
    ];
    for (const [url, body] of cases) {
      const res = await post(tok, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(403);
    }
    expect((await row(superId)).name).not.toBe('Hijacked');
    expect((await row(other.id)).role).toBe('admin');
    // Granting what it holds, and keeping what it cannot grant, are fine.
    const ok = await post(tok, '/manage/updatemodules', {
      id: other.id,
      modules: ['media', 'books'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const made = await invite(tok, { email: 'x3@example.test', name: 'X', modules: ['books'] });
    expect(made.statusCode).toBe(200);
  });

  it('ignores smuggled passwordHash, permissions, isSuperAdmin and modules (item 17)', async () => {
    const a = await t.createAdmin({ modules: ['admins'] });
    const { accessToken: tok } = await t.signIn(a.email);
    const before = await row(a.id);
    const res = await post(tok, '/user/edituser', {
      id: a.id,
      name: 'Still plain',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
      permissions: ['*'],
      isSuperAdmin: true,
      modules: ['admins', 'media', 'reports'],
      failedLogins: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expectPublicAdmin(res.json());
    const after = await row(a.id);
    expect(after).toMatchObject({
      name: 'Still plain',
      passwordHash: before.passwordHash,
      role: 'admin',
      modules: ['admins'],
    });
    expect((await get(tok, '/auth/me')).json()).toMatchObject({
      role: 'admin',
      modules: ['admins'],
    });
    await t.signIn(a.email); // the old password still works
  });

  it('the admin schema is strict and documented with additionalProperties: false', async () => {
    const sample = { ...(await get(superToken, '/user/listofadmin')).json().items[0] };
    expect(adminSchema.safeParse(sample).success).toBe(true);
    expect(adminSchema.safeParse({ ...sample, passwordHash: 'x' }).success).toBe(false);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema =
      doc.paths['/api/manage/createadminuser'].post.responses['200'].content['application/json']
        .schema;
    expect(schema.additionalProperties).toBe(false);
  });
});
