import type { Notification } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { event, ingest, makeAppKey } from '../learners/learners.testing.ts';
import { seedLearners } from '../mail/mail.testing.ts';
import { type FakeFcm, startFakeFcm } from './push/fcm.testing.ts';

/**
 * A notification's controls while it is sent (pause, resume, cancel: the
 * delivery engine's, as a mailer's), its live figures, and the learner
 * app's opens, with push through the local FCM stand-in. The rate of 60 a
 * minute sends one learner a second, so the controls land mid-sending.
 */
let t: TestApp;
let fcm: FakeFcm;
let token: string;
let key: string;

beforeAll(async () => {
  fcm = await startFakeFcm();
  t = await createTestApp({
    PUSH_PROVIDER: 'fcm',
    FCM_SERVICE_ACCOUNT_FILE: fcm.accountFile,
    FCM_API_BASE: fcm.url,
  });
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  key = await makeAppKey(t, token);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

const db = () => t.app.deps.db;
const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `n` learners, each with one device (`good-<prefix>-<i>`). */
async function learnersWithDevices(prefix: string, n: number) {
  const ids = await seedLearners(db(), n, prefix);
  await db().execute(sql`insert into learner_push_tokens (learner_id, token, platform)
    select id, ${`good-${prefix}-`} || id, 'android' from learners where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return ids;
}
const pushesOf = (prefix: string) => fcm.sends.filter((s) => s.token.startsWith(`good-${prefix}-`));

async function sendNow(title: string, ids: number[], extra: object = {}) {
  const res = await post('/notification/send', {
    title,
    body: 'Chapter 4 is out',
    audience: { kind: 'list', entries: ids.map(String) },
    mode: 'now',
    ratePerMinute: 60,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
async function shown(title: string): Promise<Notification> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/api/notification/listofnotification?q=${encodeURIComponent(title)}`,
  });
  return res.json().items[0];
}
async function until(title: string, ok: (n: Notification) => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const n = await shown(title);
    if (ok(n)) return n;
    if (Date.now() > end) throw new Error(`${title}: ${JSON.stringify(n)}`);
    await sleep(100);
  }
}
const act = (id: number, action: string) => post('/notification/notificationstate', { id, action });

describe('controls while sending', () => {
  it('pauses during push, holds still, and resumes to the end: every device pushed once', async () => {
    const ids = await learnersWithDevices('pausing', 6);
    const id = await sendNow('Pausing', ids);
    await until('Pausing', () => pushesOf('pausing').length >= 1);
    const paused = await act(id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().state).toBe('paused');
    // A batch in flight at the pause finishes; nothing after it.
    await sleep(1500);
    const held = pushesOf('pausing').length;
    await sleep(2500);
    expect(pushesOf('pausing').length).toBe(held);
    expect(held).toBeLessThan(6);
    expect((await act(id, 'pause')).statusCode).toBe(409);
    const resumed = await act(id, 'resume');
    expect(resumed.json().state).toBe('sending');
    const done = await until('Pausing', (n) => n.state === 'sent');
    expect(done.figures).toEqual({ sent: 6, failed: 0, queued: 0, opened: 0 });
    const tokens = pushesOf('pausing').map((s) => s.token);
    expect(new Set(tokens).size).toBe(6);
    expect(tokens).toHaveLength(6);
    expect(fcm.problems).toEqual([]);
  }, 60_000);

  it('cancels while sending: what was sent stays sent, the rest is never sent', async () => {
    const ids = await learnersWithDevices('cancelling', 6);
    const id = await sendNow('Cancelling', ids);
    await until('Cancelling', (n) => n.figures.sent >= 2);
    const res = await act(id, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', cancelledAt: expect.any(String) });
    await sleep(2500);
    const after = await shown('Cancelling');
    const inbox = (
      await db().execute<{ n: number }>(
        sql`select count(*)::int as n from learner_inbox where notification_id = ${id}`,
      )
    ).rows[0]!.n;
    expect(after.state).toBe('cancelled');
    expect(after.figures.sent).toBe(inbox);
    expect(inbox).toBeGreaterThanOrEqual(2);
    expect(inbox).toBeLessThan(6);
    expect(after.figures.queued).toBe(0);
    expect(pushesOf('cancelling')).toHaveLength(0);
    expect((await act(id, 'resume')).statusCode).toBe(409);
  }, 60_000);

  it('cancels a scheduled one through the same route; pausing it is refused in words', async () => {
    const ids = await learnersWithDevices('scheduled', 1);
    const id = await sendNow('Scheduled', ids, {
      mode: 'schedule',
      sendAt: new Date(t.clock().getTime() + 3_600_000).toISOString(),
    });
    const pause = await act(id, 'pause');
    expect(pause.statusCode).toBe(409);
    expect(pause.json().message).toMatch(/scheduled: it is not being sent/);
    const cancelled = await act(id, 'cancel');
    expect(cancelled.json().state).toBe('cancelled');
    expect((await act(999_999, 'pause')).statusCode).toBe(404);
    expect((await act(id, 'stop')).statusCode).toBe(400);
  });

  it('refuses a rate out of bounds, naming the field', async () => {
    const res = await post('/notification/send', {
      title: 'Too fast',
      body: 'x',
      audience: { kind: 'all' },
      mode: 'draft',
      ratePerMinute: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: 'body.ratePerMinute' }] });
  });
});

describe('opens from the learner app', () => {
  it('counts each learner once; refuses bad events naming the field, and a notification not sent to them', async () => {
    const ids = await learnersWithDevices('opening', 3);
    const id = await sendNow('Opening', ids, { ratePerMinute: 100_000 });
    const other = await sendNow('Other', [ids[0]!], { ratePerMinute: 100_000 });
    await until('Opening', (n) => n.state === 'sent');
    await until('Other', (n) => n.state === 'sent');
    const uids = (
      await db().execute<{ uid: string }>(
        sql`select uid from learners where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
      )
    ).rows.map((r) => r.uid);
    const opened = (uid: string, notificationId: unknown) =>
      event('notification_opened', uid, { notificationId });
    const res = await ingest(t, key, [
      opened(uids[0]!, id),
      opened(uids[0]!, id),
      opened(uids[1]!, id),
      event('notification_opened', uids[2]!),
      opened(uids[2]!, 'seven'),
      opened(uids[2]!, 999_999),
      opened(uids[1]!, other),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, duplicates: 1 });
    expect(body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [3, 'invalid_event'],
      [4, 'invalid_event'],
      [5, 'unknown_notification'],
      [6, 'unknown_notification'],
    ]);
    expect(body.rejected[0].message).toMatch(/^notificationId: /);
    expect(body.rejected[1].message).toMatch(/^notificationId: /);
    // Sent again (the app retries a batch): nothing counted twice.
    const again = await ingest(t, key, [opened(uids[0]!, id), opened(uids[1]!, id)]);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect((await shown('Opening')).figures).toMatchObject({ sent: 3, opened: 2 });
    expect((await shown('Other')).figures).toMatchObject({ sent: 1, opened: 0 });
  }, 60_000);
});
