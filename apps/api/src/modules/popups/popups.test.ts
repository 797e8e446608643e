import { randomUUID } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type AudienceWorld, audienceWorld } from '../audiences/audiences.testing.ts';
import { makeAppKey } from '../learners/learners.testing.ts';

let t: TestApp;
let token: string;
let key: string;
let w: AudienceWorld;
let adminEmail: string;

const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const app = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { [LEARNER_APP_KEY_HEADER]: key },
    ...(payload ? { payload } : {}),
  });
const hours = (n: number) => new Date(t.clock().getTime() + n * 3_600_000).toISOString();
const fields = (extra: object = {}) => ({
  title: 'Summer sale',
  audience: { kind: 'all' },
  startsAt: hours(-1),
  endsAt: hours(24),
  ...extra,
});
const due = async (uid: string, sessionId?: string) => {
  const res = await app(
    'GET',
    `/app/popups?learnerId=${uid}${sessionId ? `&sessionId=${sessionId}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: number; title: string }[]).map((p) => p.title);
};
const shown = (uid: string, popupId: number, sessionId?: string, at = t.clock()) =>
  app('POST', '/app/popupshown', {
    eventId: randomUUID(),
    learnerId: uid,
    popupId,
    sessionId,
    at: at.toISOString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  adminEmail = admin.email;
  token = (await t.signIn(admin.email)).accessToken;
  key = await makeAppKey(t, token);
  w = await audienceWorld(t, token);
}, 60_000);
afterAll(() => t?.close());

describe('pop-ups in the back-office', () => {
  it('addpopup creates, and with an id replaces; the list shows them by priority', async () => {
    const made = await post('/user/addpopup', fields({ priority: 5, capPerDay: 2 }));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id;
    const edited = await post('/user/addpopup', {
      id,
      ...fields({ title: 'Winter sale', priority: 7 }),
    });
    expect(edited.json()).toMatchObject({ id, title: 'Winter sale', priority: 7, capPerDay: null });
    await post('/user/addpopup', fields({ title: 'Low', priority: 1 }));
    const list = await t.as(token, { method: 'GET', url: '/api/user/getlistofpopup' });
    expect(list.json().items.map((p: { title: string }) => p.title)).toEqual([
      'Winter sale',
      'Low',
    ]);
    const missing = await post('/user/addpopup', { id: 999999, ...fields() });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an end before the start, a bad link and a bad cap', async () => {
    const back = await post('/user/addpopup', fields({ startsAt: hours(5), endsAt: hours(1) }));
    expect(back.statusCode).toBe(400);
    expect(back.body).toContain('The end must be after the start');
    expect((await post('/user/addpopup', fields({ link: 'javascript:x' }))).statusCode).toBe(400);
    expect((await post('/user/addpopup', fields({ capTotal: 0 }))).statusCode).toBe(400);
  });

  it('changes status (all or none) and deletes', async () => {
    const id = (await post('/user/addpopup', fields({ title: 'Doomed' }))).json().id;
    const off = await post('/user/changepopstatus', { ids: [id], status: 'inactive' });
    expect(off.json()).toEqual({ changed: 1 });
    expect(
      (await post('/user/changepopstatus', { ids: [id, 999999], status: 'active' })).statusCode,
    ).toBe(404);
    expect((await post('/user/deletepopup', { id })).statusCode).toBe(200);
    expect((await post('/user/deletepopup', { id })).statusCode).toBe(404);
  });
});

describe('pop-ups the app shows', () => {
  it('only active, in their window, to their audience, highest priority first', async () => {
    await post(
      '/user/addpopup',
      fields({
        title: 'Class one',
        priority: 900,
        audience: { kind: 'filter', filters: { gradeIds: [w.grades[0]] } },
      }),
    );
    await post('/user/addpopup', fields({ title: 'Later', priority: 950, startsAt: hours(2) }));
    await post(
      '/user/addpopup',
      fields({ title: 'Over', priority: 950, startsAt: hours(-5), endsAt: hours(-1) }),
    );
    await post('/user/addpopup', fields({ title: 'Off', priority: 950, status: 'inactive' }));
    expect(await due(w.asha.uid)).toEqual(['Class one', 'Winter sale', 'Low']);
    expect(await due(w.bilal.uid)).toEqual(['Winter sale', 'Low']);
    // A blocked learner is in no audience.
    expect(await due(w.dev.uid)).toEqual([]);
    const unknown = await app('GET', `/app/popups?learnerId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    const noKey = await t.app.inject({
      method: 'GET',
      url: `/api/app/popups?learnerId=${w.asha.uid}`,
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('caps per session, per day and in total count what the app reports', async () => {
    const id = (
      await post(
        '/user/addpopup',
        fields({
          title: 'Capped',
          priority: 999,
          endsAt: hours(24 * 5),
          capPerSession: 1,
          capPerDay: 2,
          capTotal: 3,
          audience: { kind: 'list', entries: [w.chitra.email] },
        }),
      )
    ).json().id;
    const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await due(w.chitra.uid, s1))[0]).toBe('Capped');
    const first = await shown(w.chitra.uid, id, s1);
    expect(first.json()).toEqual({ recorded: true });
    expect(await due(w.chitra.uid, s1)).not.toContain('Capped');
    expect((await due(w.chitra.uid, s2))[0]).toBe('Capped');
    await shown(w.chitra.uid, id, s2);
    // Two today: the day's cap is reached in any session.
    expect(await due(w.chitra.uid, s3)).not.toContain('Capped');
    // Tomorrow: one more, then the total cap of three holds for good.
    t.clock.advance(24 * 3_600_000);
    expect((await due(w.chitra.uid, s3))[0]).toBe('Capped');
    await shown(w.chitra.uid, id, s3);
    t.clock.advance(24 * 3_600_000);
    expect(await due(w.chitra.uid, randomUUID())).toEqual([]);
    // The admin's session did not live two days of the test clock.
    token = (await t.signIn(adminEmail)).accessToken;
  });

  it('a report sent again is counted once', async () => {
    const id = (await post('/user/addpopup', fields({ title: 'Once' }))).json().id;
    const report = {
      eventId: randomUUID(),
      learnerId: w.bilal.uid,
      popupId: id,
      at: t.clock().toISOString(),
    };
    expect((await app('POST', '/app/popupshown', report)).json()).toEqual({ recorded: true });
    expect((await app('POST', '/app/popupshown', report)).json()).toEqual({ recorded: false });
    const list = await t.as(token, { method: 'GET', url: '/api/user/getlistofpopup?q=Once' });
    expect(list.json().items[0].shown).toBe(1);
  });
});

describe('the inbox and push tokens', () => {
  it('lists a learner’s notifications newest first and marks their own read', async () => {
    const send = await post('/notification/send', {
      title: 'Hello',
      body: 'Welcome',
      audience: { kind: 'list', entries: [w.asha.uid] },
      mode: 'now',
    });
    expect(send.statusCode, send.body).toBe(200);
    let inbox = await app('GET', `/app/inbox?learnerId=${w.asha.uid}`);
    for (let i = 0; i < 100 && inbox.json().total === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      inbox = await app('GET', `/app/inbox?learnerId=${w.asha.uid}`);
    }
    expect(inbox.json()).toMatchObject({
      total: 1,
      unread: 1,
      items: [{ title: 'Hello', readAt: null }],
    });
    const rowId = inbox.json().items[0].id;
    // Another learner cannot mark it.
    expect(
      (await app('POST', '/app/inboxread', { learnerId: w.bilal.uid, ids: [rowId] })).json(),
    ).toEqual({ updated: 0 });
    expect(
      (await app('POST', '/app/inboxread', { learnerId: w.asha.uid, ids: [rowId] })).json(),
    ).toEqual({ updated: 1 });
    expect((await app('GET', `/app/inbox?learnerId=${w.asha.uid}`)).json().unread).toBe(0);
  }, 30_000);

  it('registers a push token, moving it to the learner who registered it last', async () => {
    const body = { learnerId: w.asha.uid, token: 'device-token-1', platform: 'android' };
    expect((await app('POST', '/app/pushtoken', body)).statusCode).toBe(200);
    expect(
      (await app('POST', '/app/pushtoken', { ...body, learnerId: w.bilal.uid })).statusCode,
    ).toBe(200);
    const { rows } = await t.app.deps.database.executeSql(
      "select learner_id from learner_push_tokens where token = 'device-token-1'",
    );
    expect(rows.map((r) => Number(r.learner_id))).toEqual([w.bilal.id]);
  });
});
