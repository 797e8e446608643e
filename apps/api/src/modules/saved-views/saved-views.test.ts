import type { SavedView } from '@bo/contract';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, SAVED_VIEWS_PER_LIST } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, savedViews } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
/** Holds books and questions: saves the views. */
let owner: string;
/** Holds books: the team the owner shares with. */
let teammate: string;
/** Holds questions only: never meets a view of the books list. */
let outsider: string;
let root: string;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.as(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const list = async (token: string, name: string) => {
  const res = await call(token, 'GET', `/saved-views?list=${name}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: SavedView[] }).items;
};
const create = async (token: string, body: object) => {
  const res = await call(token, 'POST', '/saved-views/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedView;
};

beforeAll(async () => {
  t = await createTestApp();
  const admins = await Promise.all([
    t.createAdmin({ modules: ['books', 'questions'], email: 'owner@example.test' }),
    t.createAdmin({ modules: ['books'], email: 'mate@example.test' }),
    t.createAdmin({ modules: ['questions'], email: 'out@example.test' }),
    t.createAdmin({ role: 'super_admin', email: 'root@example.test' }),
  ]);
  const tokens = await Promise.all(admins.map(async (a) => (await t.signIn(a.email)).accessToken));
  [owner, teammate, outsider, root] = tokens as [string, string, string, string];
}, 60_000);
afterAll(() => t?.close());

describe('saved views', () => {
  it('saves a private view that only its owner sees, then shares it with who may open the list', async () => {
    const view = await create(owner, {
      list: 'books',
      name: 'Active maths',
      query: 'status=active&cols=title%2Cisbn&density=compact',
    });
    expect(view).toMatchObject({
      list: 'books',
      shared: false,
      mine: true,
    });
    expect((await list(owner, 'books')).map((v) => v.name)).toEqual(['Active maths']);
    expect(await list(teammate, 'books')).toEqual([]);

    const shared = await call(owner, 'POST', '/saved-views/update', { id: view.id, shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    const seen = await list(teammate, 'books');
    expect(seen).toMatchObject([{ id: view.id, shared: true, mine: false, query: view.query }]);
    // The questions-only admin may not open the books list: asking for its views is refused.
    const refused = await call(outsider, 'GET', '/saved-views?list=books');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('list_not_allowed');
    // Views are per list.
    expect(await list(owner, 'questions')).toEqual([]);
  });

  it('lets only the owner rename, update or delete; a private view of another is not found', async () => {
    const view = await create(owner, { list: 'books', name: 'Mine', query: 'q=x', shared: true });
    const hidden = await create(owner, { list: 'books', name: 'Hidden', query: 'q=y' });
    for (const [url, body] of [
      ['/saved-views/update', { id: view.id, name: 'Taken over' }],
      ['/saved-views/delete', { id: view.id }],
    ] as const) {
      const res = await call(teammate, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'view_not_yours' });
      expect(res.json().message).toContain(view.ownerName);
    }
    const ghost = await call(teammate, 'POST', '/saved-views/delete', { id: hidden.id });
    expect(ghost.statusCode).toBe(404);
    // Super admins hold every module but are not the owner either.
    expect((await call(root, 'POST', '/saved-views/delete', { id: view.id })).statusCode).toBe(403);

    const renamed = await call(owner, 'POST', '/saved-views/update', {
      id: view.id,
      name: 'Renamed',
      query: 'q=z&sort=title',
    });
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      query: 'q=z&sort=title',
      shared: true,
    });
    const deleted = await call(owner, 'POST', '/saved-views/delete', { id: view.id });
    expect(deleted.statusCode).toBe(200);
    expect((await list(teammate, 'books')).map((v) => v.id)).not.toContain(view.id);
    expect((await call(owner, 'POST', '/saved-views/delete', { id: view.id })).statusCode).toBe(
      404,
    );
    // Writes are audited under the route's name.
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deleteSavedView'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a list the admin may not open, even for their own old view', async () => {
    const view = await create(outsider, {
      list: 'questions',
      name: 'Drafts',
      query: 'status=draft',
    });
    const res = await call(outsider, 'POST', '/saved-views/create', {
      list: 'jobs',
      name: 'Failed',
      query: 'state=failed',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('list_not_allowed');
    expect((await list(root, 'jobs')).length).toBe(0);
    // A view whose list the admin no longer opens can be neither read nor changed.
    await t.app.deps.db.update(savedViews).set({ list: 'jobs' }).where(eq(savedViews.id, view.id));
    const update = await call(outsider, 'POST', '/saved-views/update', { id: view.id, name: 'X' });
    expect(update.statusCode).toBe(403);
    expect(update.json().code).toBe('list_not_allowed');
  });

  it('validates the list, the name and the query, and keeps names unique per owner and list', async () => {
    const bad = [
      { list: 'nowhere', name: 'A', query: '' },
      { list: 'books', name: '', query: '' },
      { list: 'books', name: '   ', query: '' },
      { list: 'books', name: 'x'.repeat(SAVED_VIEW_NAME_MAX + 1), query: '' },
      { list: 'books', name: 'Long', query: `q=${'a'.repeat(SAVED_VIEW_QUERY_MAX)}` },
      { list: 'books', name: 'Hash', query: '?q=a' },
      { list: 'books', name: 'Space', query: 'q=a b' },
    ];
    for (const body of bad) {
      const res = await call(owner, 'POST', '/saved-views/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const empty = await call(owner, 'POST', '/saved-views/update', { id: 1 });
    expect(empty.statusCode).toBe(400);
    expect((await call(owner, 'GET', '/saved-views')).statusCode).toBe(400);

    await create(owner, { list: 'questions', name: 'Hard ones', query: 'difficulty=hard' });
    const twice = await call(owner, 'POST', '/saved-views/create', {
      list: 'questions',
      name: 'hard ONES',
      query: '',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already have a view/);
    // Another admin may use the same name.
    await create(root, { list: 'questions', name: 'Hard ones', query: '' });
  });

  it(`keeps at most ${SAVED_VIEWS_PER_LIST} views per owner and list`, async () => {
    for (let i = 0; i < SAVED_VIEWS_PER_LIST; i++)
      await create(root, { list: 'audit', name: `View ${i}`, query: '' });
    const res = await call(root, 'POST', '/saved-views/create', {
      list: 'audit',
      name: 'One more',
      query: '',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('delete one');
  });
});
