import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentAttempts,
  contactMessages,
  contentViews,
  deviceBindings,
  feedback,
  learnerSessions,
  learners,
  redemptions,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { book } from '../../test/write-samples/books.ts';
import { practice } from '../../test/write-samples/practices.ts';
import { event, ingest, makeAppKey, registered } from './learners.testing.ts';

let t: TestApp;
let token: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  key = await makeAppKey(t, token);
}, 60_000);
afterAll(() => t?.close());

const rows = async (table: typeof contentViews) =>
  (await t.app.deps.db.select({ n: count() }).from(table))[0]!.n;

describe('the ingest key', () => {
  it('is required: no key, a wrong key or an admin token are refused with 401', async () => {
    const events = [registered()];
    expect((await ingest(t, undefined, events)).statusCode).toBe(401);
    expect((await ingest(t, 'lak_not-a-key', events)).statusCode).toBe(401);
    const asAdmin = await t.as(token, {
      method: 'POST',
      url: '/api/ingest/events',
      payload: { events },
    });
    expect(asAdmin.statusCode).toBe(401);
  });

  it('is refused once revoked, and never listed in clear', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/learnerapp/createkey',
      payload: { name: 'Old app' },
    });
    const { item, key: k } = res.json();
    expect((await ingest(t, k, [registered()])).statusCode).toBe(200);
    const list = await t.as(token, { method: 'GET', url: '/api/learnerapp/keys' });
    expect(list.body).not.toContain(k);
    expect(
      list.json().items.find((i: { id: number }) => i.id === item.id).lastUsedAt,
    ).not.toBeNull();
    await t.as(token, {
      method: 'POST',
      url: '/api/learnerapp/revokekey',
      payload: { id: item.id },
    });
    const refused = await ingest(t, k, [registered()]);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_app_key');
  });

  it('cannot be made or revoked by an admin who is not a super admin', async () => {
    const admin = await t.createAdmin({ role: 'admin', modules: ['learners'] });
    const tk = (await t.signIn(admin.email)).accessToken;
    const res = await t.as(tk, {
      method: 'POST',
      url: '/api/learnerapp/createkey',
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a batch', () => {
  it('stores each event type in its table, and a resent batch once', async () => {
    const w = { t, token };
    const b = await book(w);
    const p = await practice(w);
    const l = registered();
    const session = randomUUID();
    const events = [
      l,
      event('learner_updated', l.learnerId, { city: 'Nagpur' }),
      event('device_bound', l.learnerId, { deviceId: 'dev-1', platform: 'android' }),
      event('session_started', l.learnerId, { sessionId: session, platform: 'android' }),
      event('session_ended', l.learnerId, { sessionId: session }),
      event('redemption', l.learnerId, { bookId: b.id, code: 'ABC-123' }),
      event('content_view', l.learnerId, {
        bookId: b.id,
        contentKind: 'pdf',
        contentId: 7,
        seconds: 95,
      }),
      event('feedback', l.learnerId, { bookId: b.id, rating: 4, comment: 'बहुत अच्छा' }),
      event('contact_message', l.learnerId, { name: 'Asha', subject: 'Login', message: 'Help' }),
      event('attempt_submitted', l.learnerId, {
        assessmentId: p.id,
        score: 3,
        maxScore: 4,
        answers: [{ itemId: 1, answer: 'B', marks: 3, correct: true }],
        timeTakenSeconds: 120,
      }),
    ];
    const before = {
      views: await rows(contentViews),
    };
    const first = await ingest(t, key, events);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: events.length, duplicates: 0, rejected: [] });
    const db = t.app.deps.db;
    const [learner] = await db.select().from(learners).where(eq(learners.uid, l.learnerId));
    expect(learner).toMatchObject({ name: l.name, city: 'Nagpur', status: 'active' });
    const mine = (table: typeof redemptions) =>
      db.select().from(table).where(eq(table.learnerId, learner!.id)) as Promise<object[]>;
    expect(await mine(deviceBindings as never)).toHaveLength(1);
    const [s] = await mine(learnerSessions as never);
    expect((s as { endedAt: Date | null }).endedAt).not.toBeNull();
    expect(await mine(redemptions)).toMatchObject([{ bookId: b.id, code: 'ABC-123' }]);
    expect(await mine(contentViews as never)).toMatchObject([{ seconds: 95, contentKind: 'pdf' }]);
    expect(await mine(feedback as never)).toMatchObject([{ rating: 4, comment: 'बहुत अच्छा' }]);
    expect(await mine(contactMessages as never)).toMatchObject([
      { subject: 'Login', status: 'new' },
    ]);
    expect(await mine(assessmentAttempts as never)).toMatchObject([
      { assessmentId: p.id, score: 3, maxScore: 4 },
    ]);
    expect(await rows(contentViews)).toBe(before.views + 1);

    const again = await ingest(t, key, events);
    expect(again.json()).toMatchObject({ rejected: [] });
    // Updates are applied again harmlessly and count as accepted; every stored event is a duplicate.
    expect(again.json().duplicates).toBe(events.length - 1);
    expect(await rows(contentViews)).toBe(before.views + 1);
    expect(await mine(redemptions)).toHaveLength(1);
  });

  it('answers bad events one by one and keeps the good ones', async () => {
    const l = registered();
    const events = [
      l,
      { id: 'not-a-uuid', type: 'content_view' },
      event('feedback', l.learnerId, { rating: 9 }),
      event('redemption', randomUUID(), { bookId: 1, code: 'X' }),
      event('redemption', l.learnerId, { bookId: 999_999, code: 'X' }),
      event('session_ended', l.learnerId, { sessionId: randomUUID() }),
      event('what_is_this', l.learnerId),
      'not even an object',
      event('feedback', l.learnerId, { rating: 5 }),
    ];
    const res = await ingest(t, key, events);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'invalid_event'],
      [2, 'invalid_event'],
      [3, 'unknown_learner'],
      [4, 'unknown_book'],
      [5, 'unknown_session'],
      [6, 'invalid_event'],
      [7, 'invalid_event'],
    ]);
    expect(body.rejected[1]).toMatchObject({
      id: (events[2] as { id: string }).id,
      message: expect.stringMatching(/^rating: /),
    });
  });

  it('refuses more devices than the configured limit until one is reset', async () => {
    const l = registered();
    const res = await ingest(t, key, [
      l,
      event('device_bound', l.learnerId, { deviceId: 'phone-a', platform: 'android' }),
      event('device_bound', l.learnerId, { deviceId: 'phone-b', platform: 'ios' }),
    ]);
    expect(res.json().accepted).toBe(2);
    expect(res.json().rejected).toMatchObject([{ index: 2, code: 'device_limit' }]);
  });

  it('refuses a batch of more than 1,000 events as a whole, and an empty one', async () => {
    const many = Array.from({ length: 1001 }, () => registered());
    const res = await ingest(t, key, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect((await ingest(t, key, [])).statusCode).toBe(400);
  });

  it('takes a full batch of 1,000 in one call', async () => {
    const many = Array.from({ length: 1000 }, () => registered());
    const res = await ingest(t, key, many);
    expect(res.json()).toEqual({ accepted: 1000, duplicates: 0, rejected: [] });
  });

  it('is documented in the OpenAPI with its event shapes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/ingest/events'].post;
    expect(op.security).toEqual([{ learnerAppKey: [] }]);
    expect(JSON.stringify(op.requestBody)).toContain('IngestEvent');
    expect(doc.components.schemas.IngestEvent).toBeDefined();
  });
});
