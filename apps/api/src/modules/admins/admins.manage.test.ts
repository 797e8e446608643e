import { adminSchema } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { adminsCalls, adminsWorld, expectPublicAdmin } from './admins.testing.ts';

/** Managing existing admins: edit, disable, modules, delete, and what a non-super admin may not do. */
let t: TestApp;
let superId: number;
let superToken: string;

beforeAll(async () => {
  ({ t, superId, superToken } = await adminsWorld());
});
afterAll(() => t?.close());
const { post, get, row, invite } = adminsCalls(() => t);

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
