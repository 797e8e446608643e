import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import {
  learnerPushTokens,
  notificationPushResults,
  notifications,
} from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { waitForJob } from '../../../test/jobs.testing.ts';
import { audienceWorld } from '../../audiences/audiences.testing.ts';
import { type FakeFcm, startFakeFcm } from './fcm.testing.ts';
import { FcmProvider, retryDelayMs } from './fcm.ts';

let fcm: FakeFcm;
const envOf = (f: FakeFcm) => ({
  PUSH_PROVIDER: 'fcm',
  FCM_SERVICE_ACCOUNT_FILE: f.accountFile,
  FCM_API_BASE: f.url,
});
const message = (token: string) => ({
  token,
  title: 'New chapters',
  body: 'Chapter 4 is out',
  imageUrl: 'https://backoffice.example.test/api/engagement/image?key=x',
  data: { notificationId: '7', link: 'https://example.test/4' },
});

beforeAll(async () => {
  fcm = await startFakeFcm();
});
afterAll(() => fcm?.close());

describe('the FCM provider (HTTP v1)', () => {
  it('exchanges a signed JWT once, then sends each token with the bearer', async () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), ...envOf(fcm) });
    const provider = new FcmProvider(config.push.fcm!);
    const before = fcm.exchanges;
    expect(await provider.send(message('good-1'))).toEqual({
      outcome: 'sent',
      detail: expect.stringMatching(/^projects\/demo-project\/messages\//),
    });
    expect(await provider.send(message('good-2'))).toMatchObject({ outcome: 'sent' });
    expect(fcm.exchanges - before).toBe(1);
    const sent = fcm.sends.at(-1)!.message;
    expect(sent).toEqual({
      token: 'good-2',
      notification: {
        title: 'New chapters',
        body: 'Chapter 4 is out',
        image: 'https://backoffice.example.test/api/engagement/image?key=x',
      },
      data: { notificationId: '7', link: 'https://example.test/4' },
    });
    expect(fcm.problems).toEqual([]);
  });

  it('reports dead tokens as invalid, and retries 429 after Retry-After', async () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), ...envOf(fcm) });
    const waits: number[] = [];
    const provider = new FcmProvider(config.push.fcm!, Date.now, async (ms) => {
      waits.push(ms);
    });
    expect(await provider.send(message('dead-1'))).toEqual({
      outcome: 'invalid',
      detail: '404 UNREGISTERED',
    });
    expect((await provider.send(message('bad-1'))).outcome).toBe('invalid');
    expect(await provider.send(message('busy-1'))).toMatchObject({ outcome: 'sent' });
    expect(waits).toEqual([1000]);
    expect(fcm.problems).toEqual([]);
  });

  it('backs off 1 s, 2 s, 4 s without Retry-After, and reads seconds or a date', () => {
    expect([1, 2, 3].map((a) => retryDelayMs(null, a))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs('3', 1)).toBe(3000);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    expect(retryDelayMs(inFive, 1)).toBeGreaterThan(3000);
  });
});

describe('a notification pushed through FCM', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('keeps each token’s answer, drops dead tokens, and counts sent and failed', async () => {
    t = await createTestApp(envOf(fcm));
    const admin = await t.createAdmin({ role: 'super_admin' });
    const token = (await t.signIn(admin.email)).accessToken;
    const w = await audienceWorld(t, token);
    await t.app.deps.db.insert(learnerPushTokens).values([
      { learnerId: w.asha.id, token: 'good-asha', platform: 'android' },
      { learnerId: w.asha.id, token: 'dead-asha', platform: 'android' },
      { learnerId: w.bilal.id, token: 'busy-bilal', platform: 'ios' },
      { learnerId: w.chitra.id, token: 'bad-chitra', platform: 'android' },
      // Blocked: not in the audience, never pushed.
      { learnerId: w.dev.id, token: 'good-dev', platform: 'android' },
    ]);
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/notification/send',
      payload: {
        title: 'Quiz day',
        body: 'Try the new quiz',
        link: 'https://example.test/quiz',
        audience: { kind: 'all' },
        mode: 'now',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const [row] = await t.app.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect((await waitForJob(t.app, row!.jobId!, 20_000)).state).toBe('completed');
    // The job made the delivery; the delivery engine sends it.
    let after = row;
    for (let i = 0; i < 200 && after?.state !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [after] = await t.app.deps.db.select().from(notifications).where(eq(notifications.id, id));
    }
    expect(after).toMatchObject({ state: 'sent', deliveredCount: 3, pushSent: 2, pushFailed: 2 });
    const results = await t.app.deps.db
      .select({ token: notificationPushResults.token, outcome: notificationPushResults.outcome })
      .from(notificationPushResults)
      .where(eq(notificationPushResults.notificationId, id));
    expect(Object.fromEntries(results.map((r) => [r.token, r.outcome]))).toEqual({
      'good-asha': 'sent',
      'dead-asha': 'invalid',
      'busy-bilal': 'sent',
      'bad-chitra': 'invalid',
    });
    const left = await t.app.deps.db
      .select({ token: learnerPushTokens.token })
      .from(learnerPushTokens);
    expect(left.map((l) => l.token).sort()).toEqual(['busy-bilal', 'good-asha', 'good-dev']);
    const pushed = fcm.sends.filter((s) => s.token.endsWith('-asha') || s.token === 'good-dev');
    expect(pushed.map((s) => s.token).sort()).toEqual(['dead-asha', 'good-asha']);
    expect(pushed[0]!.message.data).toEqual({
      notificationId: String(id),
      link: 'https://example.test/quiz',
    });
    expect(fcm.problems).toEqual([]);
  }, 60_000);
});
