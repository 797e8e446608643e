import { randomUUID } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER, LEARNER_TOKEN_HEADER } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learners } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { event, ingest, registered } from './learners.testing.ts';

/**
 * docs/security.md item 41: with LEARNER_TOKEN_REQUIRED, the app key alone no
 * longer speaks for a learner: the learner routes (/api/app/*) and profile
 * changes need a short-lived token for that very learner, signed by the
 * publisher's backend with the key's learner-token secret.
 */
let t: TestApp;
let key: string;
let secret: string;
let otherSecret: string;
const asha = registered();
const bilal = registered();

beforeAll(async () => {
  t = await createTestApp({ LEARNER_TOKEN_REQUIRED: 'true' });
  const admin = await t.createAdmin({ role: 'super_admin' });
  const token = (await t.signIn(admin.email)).accessToken;
  const made = async (name: string) =>
    (
      await t.as(token, { method: 'POST', url: '/api/learnerapp/createkey', payload: { name } })
    ).json() as { key: string; learnerTokenSecret: string };
  ({ key, learnerTokenSecret: secret } = await made('Backend'));
  otherSecret = (await made('Other backend')).learnerTokenSecret;
  expect((await ingest(t, key, [asha, bilal])).json()).toMatchObject({ accepted: 2 });
}, 60_000);
afterAll(() => t?.close());

/** A token as the publisher's backend signs it. */
function sign(sub: string, opts: { secret?: string; expiresInS?: number; alg?: string } = {}) {
  const now = Math.floor(t.clock().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresInS ?? 300))
    .sign(new TextEncoder().encode(opts.secret ?? secret));
}

const call = (
  method: 'GET' | 'POST',
  url: string,
  learnerToken: string | undefined,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      [LEARNER_APP_KEY_HEADER]: key,
      ...(learnerToken ? { [LEARNER_TOKEN_HEADER]: learnerToken } : {}),
    },
    ...(payload ? { payload } : {}),
  });

const ROUTES = [
  ['GET', `/app/inbox?learnerId=${asha.learnerId}`, undefined, 200],
  ['GET', `/app/popups?learnerId=${asha.learnerId}`, undefined, 200],
  ['POST', '/app/inboxread', { learnerId: asha.learnerId, ids: [1] }, 200],
  [
    'POST',
    '/app/pushtoken',
    { learnerId: asha.learnerId, token: `push-${randomUUID()}`, platform: 'android' },
    200,
  ],
  [
    'POST',
    '/app/popupshown',
    {
      eventId: randomUUID(),
      learnerId: asha.learnerId,
      popupId: 999_999,
      at: new Date().toISOString(),
    },
    // Past the guard: the pop-up does not exist.
    404,
  ],
] as const;

describe('item 41: the learner routes need the learner token', () => {
  it('shows the learner-token secret once, beside the key', () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(otherSecret).not.toBe(secret);
  });

  it.each(ROUTES)(
    '%s %s: no, invalid, expired, long-lived or another learner’s token refused',
    async (method, url, body, passed) => {
      const expect401 = async (token: string | undefined, code: string) => {
        const res = await call(method, url, token, body);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toBe(code);
      };
      await expect401(undefined, 'learner_token_required');
      await expect401('not.a.token', 'invalid_learner_token');
      await expect401(await sign(asha.learnerId, { secret: otherSecret }), 'invalid_learner_token');
      await expect401(await sign(asha.learnerId, { expiresInS: -120 }), 'learner_token_expired');
      await expect401(await sign(asha.learnerId, { expiresInS: 7200 }), 'invalid_learner_token');
      // The server's own admin-token algorithm with the wrong key is still wrong; `none` never passes.
      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: asha.learnerId, exp: Math.floor(Date.now() / 1000) + 60 }),
      ).toString('base64url')}.`;
      await expect401(unsigned, 'invalid_learner_token');
      const other = await call(method, url, await sign(bilal.learnerId), body);
      expect(other.statusCode, other.body).toBe(403);
      expect(other.json().code).toBe('learner_token_mismatch');
      const ok = await call(method, url, await sign(asha.learnerId), body);
      expect(ok.statusCode, ok.body).toBe(passed);
    },
  );

  it('a profile change through the ingest needs that learner’s token; other events do not', async () => {
    const change = event('learner_updated', asha.learnerId, { email: 'taken.over@example.test' });
    const without = await ingest(t, key, [change]);
    expect(without.statusCode).toBe(401);
    expect(without.json().code).toBe('learner_token_required');
    const byBilal = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: {
        [LEARNER_APP_KEY_HEADER]: key,
        [LEARNER_TOKEN_HEADER]: await sign(bilal.learnerId),
      },
      payload: { events: [change] },
    });
    expect(byBilal.statusCode).toBe(403);
    const emailOf = async () =>
      (await t.app.deps.db.select().from(learners).where(eq(learners.uid, asha.learnerId)))[0]!
        .email;
    expect(await emailOf()).toBe((asha as { email?: string }).email);
    const byAsha = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: {
        [LEARNER_APP_KEY_HEADER]: key,
        [LEARNER_TOKEN_HEADER]: await sign(asha.learnerId),
      },
      payload: { events: [change] },
    });
    expect(byAsha.json()).toMatchObject({ accepted: 1, rejected: [] });
    expect(await emailOf()).toBe('taken.over@example.test');
    // Registrations and activity stay batchable by the backend's key alone.
    const activity = await ingest(t, key, [
      registered(),
      event('content_view', bilal.learnerId, {
        bookId: 1,
        contentKind: 'video',
        contentId: 1,
        seconds: 5,
      }),
    ]);
    expect(activity.statusCode).toBe(200);
  });
});
