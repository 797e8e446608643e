import { type AuditEntry, defineRoutes, idSchema, okSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoutes } from '../../lib/register-routes.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { codeIn, linkTokenIn } from '../../test/smtp-receiver.ts';

/**
 * docs/security.md item 26: every write leaves one audit row (UTC time, actor, IP,
 * target, before/after without secrets) in the same transaction; the trail is
 * filtered and paged, and only super admins read it. The log holds no secrets.
 */

/** A write with no audit of its own, to exercise the generic audit entry. */
const probeRoutes = defineRoutes({
  probeWrite: {
    method: 'POST',
    path: '/test/probe-write',
    access: 'books',
    tag: 'probe',
    summary: 'Test-only write',
    body: z.object({
      id: idSchema,
      note: z.string(),
      password: z.string(),
      nested: z.object({ refreshToken: z.string() }),
    }),
    response: okSchema,
  },
});

let t: TestApp;
let root: { id: number; email: string };
let rootToken: string;
const logLines: string[] = [];
const secrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: { level: 'info', stream: { write: (l: string) => logLines.push(l) } },
      beforeReady: (app) =>
        registerRoutes(app, app.deps, probeRoutes, { probeWrite: () => ({ ok: true as const }) }),
    },
  );
  root = await t.createAdmin({ role: 'super_admin' });
  const s = await t.signIn(root.email);
  rootToken = s.accessToken;
  secrets.push(TEST_PASSWORD, s.accessToken, s.refreshToken);
});
afterAll(() => t?.close());

const post = (token: string, url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const audit = async (qs = '', token = rootToken) => {
  const res = await t.as(token, { method: 'GET', url: `/api/audit?pageSize=100&${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEntry[]; total: number; page: number; pageSize: number };
};
/** The rows written while answering one request, found by its x-request-id. */
async function rowsOf(res: { headers: Record<string, unknown> }) {
  const id = String(res.headers['x-request-id']);
  return (await audit()).items.filter((r) => r.requestId === id);
}

function expectWellFormed(row: AuditEntry) {
  expect(row.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect(Math.abs(Date.parse(row.at) - Date.now())).toBeLessThan(60_000);
  expect(row.ip).toBe('127.0.0.1');
  const text = JSON.stringify(row);
  expect(text).not.toMatch(/\$argon2|passwordHash|codeHash|tokenHash/);
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('admin writes', () => {
  it('each leaves exactly one row, with actor, ip, target and before/after', async () => {
    const create = await post(rootToken, '/manage/createadminuser', {
      email: 'audited@example.test',
      name: 'Audited',
      modules: ['books'],
    });
    const id = create.json().id as number;
    const mail = await t.smtp.waitFor((m) => m.to.includes('audited@example.test'));
    secrets.push(linkTokenIn(mail));
    const steps: [Awaited<ReturnType<typeof post>>, string, (r: AuditEntry) => void][] = [
      [
        create,
        'admin_created',
        (r) => expect(r.after).toMatchObject({ email: 'audited@example.test' }),
      ],
      [await post(rootToken, '/manage/resendinvite', { id }), 'admin_invite_resent', () => {}],
      [
        await post(rootToken, '/user/edituser', { id, name: 'Audited Twice' }),
        'admin_edited',
        (r) => {
          expect(r.before).toMatchObject({ name: 'Audited' });
          expect(r.after).toMatchObject({ name: 'Audited Twice' });
        },
      ],
      [
        await post(rootToken, '/manage/updatemodules', { id, modules: ['media'] }),
        'admin_modules_updated',
        (r) => {
          expect(r.before).toEqual({ modules: ['books'] });
          expect(r.after).toEqual({ modules: ['media'] });
        },
      ],
      [
        await post(rootToken, '/manage/deleteadminuser', { id }),
        'admin_deleted',
        (r) => {
          expect(r.before).toMatchObject({ id, name: 'Audited Twice' });
          expect(r.after).toBeNull();
        },
      ],
    ];
    for (const [res, action, check] of steps) {
      expect(res.statusCode, res.body).toBe(200);
      const rows = await rowsOf(res);
      expect(rows, action).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        action,
        entity: 'admin',
        entityId: String(id),
        actorId: root.id,
        actorEmail: root.email,
      });
      expectWellFormed(row);
      check(row);
    }
  });

  it('a refused write leaves no row (written in the same transaction)', async () => {
    const self = await post(rootToken, '/manage/deleteadminuser', { id: root.id });
    expect(self.statusCode).toBe(409);
    expect(await rowsOf(self)).toEqual([]);
  });

  it('a write without its own entry gets a generic row with secrets redacted', async () => {
    const books = await t.createAdmin({ modules: ['books'] });
    const { accessToken } = await t.signIn(books.email);
    const res = await post(accessToken, '/test/probe-write', {
      id: 7,
      note: 'line one\r\nFAKE audit line',
      password: 'hunter2-hunter2',
      nested: { refreshToken: 'rt-secret-value' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row, ...more] = await rowsOf(res);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: 'probeWrite',
      entity: 'probe',
      entityId: '7',
      actorId: books.id,
      after: {
        id: 7,
        note: 'line one\r\nFAKE audit line',
        password: '[redacted]',
        nested: { refreshToken: '[redacted]' },
      },
    });
    expectWellFormed(row!);
    // CR/LF stay data: the JSON answer encodes them, nothing starts a new line.
    const raw = (await t.as(rootToken, { method: 'GET', url: '/api/audit?pageSize=100' })).body;
    expect(raw).not.toMatch(/[\r\n]/);
    expect(raw).not.toMatch(/hunter2|rt-secret-value/);
    const bad = await post(accessToken, '/test/probe-write', { id: 8 });
    expect(bad.statusCode).toBe(400);
    expect(await rowsOf(bad)).toEqual([]);
  });
});

describe('sign-in events', () => {
  it('failed and successful sign-ins, logout and password change are audited', async () => {
    const a = await t.createAdmin();
    const fail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: 'not the password' },
    });
    expect(fail.statusCode).toBe(401);
    expect(await rowsOf(fail)).toEqual([
      expect.objectContaining({ action: 'login_failed', actorId: a.id, ip: '127.0.0.1' }),
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: TEST_PASSWORD },
    });
    expect((await rowsOf(login)).map((r) => r.action)).toEqual(['otp_sent']);
    const mail = await t.smtp.waitFor((m) => m.to.includes(a.email));
    secrets.push(codeIn(mail));
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirmotp',
      payload: { challengeId: login.json().challengeId, otp: codeIn(mail) },
    });
    const session = confirm.json();
    secrets.push(session.accessToken, session.refreshToken);
    const [signedIn] = await rowsOf(confirm);
    expect(signedIn).toMatchObject({ action: 'login', actorId: a.id, actorEmail: a.email });
    expectWellFormed(signedIn!);
    const change = await post(session.accessToken, '/user/password/update', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a different long passphrase',
    });
    expect(change.statusCode, change.body).toBe(200);
    secrets.push('a different long passphrase');
    expect((await rowsOf(change)).map((r) => r.action)).toEqual(['password_changed']);
    const logout = await post(session.accessToken, '/auth/logout', {});
    expect((await rowsOf(logout)).map((r) => r.action)).toEqual(['logout']);
    for (const res of [change, logout]) expectWellFormed((await rowsOf(res))[0]!);
  });
});

describe('reading the trail', () => {
  it('filters by actor, action, entity, text and date range; pages newest first', async () => {
    const all = await audit();
    expect(all.total).toBeGreaterThan(8);
    const times = all.items.map((r) => Date.parse(r.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const mine = await audit(`actorId=${root.id}`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((r) => r.actorId === root.id)).toBe(true);
    const edited = await audit('action=admin_edited');
    expect(edited.items.map((r) => r.action)).toEqual(['admin_edited']);
    const sessions = await audit('entity=session');
    expect(sessions.total).toBeGreaterThan(0);
    expect(sessions.items.every((r) => r.entity === 'session')).toBe(true);
    const byEmail = await audit(`q=${encodeURIComponent(root.email.toUpperCase())}`);
    expect(byEmail.items.every((r) => r.actorEmail === root.email)).toBe(true);

    const mid = all.items[Math.floor(all.items.length / 2)]!.at;
    const from = await audit(`from=${encodeURIComponent(mid)}`);
    const to = await audit(`to=${encodeURIComponent(mid)}`);
    const at = Date.parse(mid);
    expect(from.total).toBe(times.filter((x) => x >= at).length);
    expect(to.total).toBe(times.filter((x) => x <= at).length);
    const none = await audit('from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00%2B02:00');
    expect(none.total).toBe(0);

    const page = (n: number) =>
      t.as(rootToken, { method: 'GET', url: `/api/audit?pageSize=3&page=${n}` });
    const [a, b] = [(await page(1)).json(), (await page(2)).json()];
    expect(a).toMatchObject({ page: 1, pageSize: 3, total: all.total });
    expect([...a.items, ...b.items].map((r: AuditEntry) => r.id)).toEqual(
      all.items.slice(0, 6).map((r) => r.id),
    );
    const oldest = (await audit('sort=at&order=asc')).items.map((r) => r.id);
    expect(oldest[0]).toBe(all.items.at(-1)!.id);

    const bad = await t.as(rootToken, { method: 'GET', url: '/api/audit?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('querystring.from');
  });

  it('only super admins may read it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const modules of [['admins'], ['admins', 'reports', 'books']] as const) {
      const a = await t.createAdmin({ modules: [...modules] });
      const { accessToken } = await t.signIn(a.email);
      const res = await t.as(accessToken, { method: 'GET', url: '/api/audit' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('"items"');
    }
  });
});

describe('the log', () => {
  it('is one JSON object a line and holds no password, code, token or link', async () => {
    const invited = await post(rootToken, '/manage/createadminuser', {
      email: 'logged@example.test',
      name: 'Logged',
    });
    expect(invited.statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes('logged@example.test'));
    const token = linkTokenIn(mail);
    secrets.push(token);
    await t.app.inject({ method: 'GET', url: `/api/auth/invite?token=${token}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such%0d%0aFAKE-LINE' });
    const lines = logLines.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('/api/auth/invite?token=[redacted]'))).toBe(true);
    expect(lines.some((l) => l.includes('Your sign-in code: ######'))).toBe(true);
    for (const line of lines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      for (const s of secrets.filter((x) => x.length >= 6)) {
        expect(line, 'a secret is in the log').not.toContain(s);
      }
    }
  });
});
