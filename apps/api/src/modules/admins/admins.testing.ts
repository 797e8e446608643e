import { type Admin, adminSchema } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { admins } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const ADMIN_KEYS = Object.keys(adminSchema.shape).sort();

/** What the admins test files start from: a fresh app and a signed-in super admin. */
export async function adminsWorld() {
  const t = await createTestApp();
  const s = await t.createAdmin({ role: 'super_admin', email: 'root@example.test' });
  return { t, superId: s.id, superToken: (await t.signIn(s.email)).accessToken };
}

/** Requests on the app the world made (read when called: the world is made in beforeAll). */
export function adminsCalls(app: () => TestApp) {
  const post = (token: string, url: string, payload: object) =>
    app().as(token, { method: 'POST', url: `/api${url}`, payload });
  const get = (token: string, url: string) => app().as(token, { method: 'GET', url: `/api${url}` });
  /** The admin's row as stored. */
  const row = async (id: number) =>
    (await app().app.deps.db.select().from(admins).where(eq(admins.id, id)))[0]!;
  const invite = (token: string, body: object) => post(token, '/manage/createadminuser', body);
  const acceptInvite = (token: string, password: string) =>
    app().app.inject({
      method: 'POST',
      url: '/api/auth/invite/accept',
      payload: { token, password },
    });
  return { post, get, row, invite, acceptInvite };
}

/** Every admin in an answer has exactly the contract's keys: no hash, no counters. */
export function expectPublicAdmin(a: Admin) {
  expect(Object.keys(a).sort()).toEqual(ADMIN_KEYS);
  expect(JSON.stringify(a)).not.toMatch(/argon2|passwordHash|failedLogins/);
}
