import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, learnerInbox, notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitForJob } from '../../test/jobs.testing.ts';
import { upload } from '../../test/write-samples/kit.ts';
import { type AudienceWorld, audienceWorld } from '../audiences/audiences.testing.ts';
import { TINY_PNG } from '../media/media.fixtures.ts';
import { claimNotification, deliverNotification } from './notifications.jobs.ts';

let t: TestApp;
let token: string;
let w: AudienceWorld;

const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
const fields = (extra: object = {}) => ({
  title: 'New chapters',
  body: 'Chapter 4 is out',
  audience: { kind: 'filter', filters: { states: ['Maharashtra'] } },
  mode: 'draft',
  ...extra,
});
const row = async (id: number) =>
  (await t.app.deps.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
const inboxOf = async (id: number) =>
  (
    await t.app.deps.db
      .select({ learnerId: learnerInbox.learnerId })
      .from(learnerInbox)
      .where(eq(learnerInbox.notificationId, id))
  )
    .map((r) => r.learnerId)
    .sort();
/** The notification once its delivery has ended (the delivery engine sends after the job made it). */
const ended = async (id: number) => {
  for (let i = 0; i < 200; i++) {
    const r = await row(id);
    if (r.state !== 'scheduled' && r.state !== 'sending') return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`notification ${id} still sending`);
};
const inAMinute = (minutes = 5) => new Date(t.clock().getTime() + minutes * 60_000).toISOString();
const jobCtx = (id: string, attempt = 1) => ({
  id,
  attempt,
  signal: new AbortController().signal,
  progress: async () => {},
});

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  w = await audienceWorld(t, token);
}, 60_000);
afterAll(() => t?.close());

describe('sending now', () => {
  it('the job writes one inbox row per recipient and the notification says how many', async () => {
    const res = await post('/notification/send', fields({ mode: 'now' }));
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    // Maharashtra: asha and chitra (dev is blocked).
    expect(sent.recipientCount).toBe(2);
    expect(sent.state).toBe('scheduled');
    const job = await waitForJob(t.app, (await row(sent.id)).jobId!);
    expect(job.state).toBe('completed');
    const after = await ended(sent.id);
    expect(after.state).toBe('sent');
    expect(after.deliveredCount).toBe(2);
    expect(await inboxOf(sent.id)).toEqual([w.asha.id, w.chitra.id].sort());
  });

  it('a second run of the job makes no second delivery; a run again of the delivery writes nothing twice', async () => {
    const res = await post(
      '/notification/send',
      fields({ mode: 'now', audience: { kind: 'all' } }),
    );
    const id = res.json().id;
    const jobId = (await row(id)).jobId!;
    await waitForJob(t.app, jobId);
    const { deliveryId } = await ended(id);
    expect(await inboxOf(id)).toHaveLength(3);
    // As after a crash after the delivery was made: sending, same job.
    await t.app.deps.db
      .update(notifications)
      .set({ state: 'sending' })
      .where(eq(notifications.id, id));
    const again = await deliverNotification(t.app.deps, id, jobCtx(jobId, 2));
    expect(again).toMatchObject({ deliveryId });
    // As after a crash mid-batch: every row in flight again, sent again by the engine.
    await t.app.deps.db.execute(
      sql`update delivery_recipients set state = 'sending' where delivery_id = ${deliveryId}`,
    );
    await t.app.deps.db
      .update(deliveries)
      .set({ status: 'sending' })
      .where(eq(deliveries.id, deliveryId!));
    await t.app.deps.jobs.enqueue(t.app.deps.db, 'delivery.send', { deliveryId: deliveryId! });
    expect((await ended(id)).state).toBe('sent');
    expect(await inboxOf(id)).toHaveLength(3);
    // Another job (an old one of an edited notification) finds nothing to do.
    expect(await deliverNotification(t.app.deps, id, jobCtx('other-job'))).toMatchObject({
      recipients: 0,
    });
  });
});

describe('scheduling, editing and cancelling', () => {
  it('schedules on the queue for the chosen time', async () => {
    // The test clock stands still; the queue's is the database's: the same moment first.
    t.clock.set(new Date());
    const sendAt = inAMinute(90);
    const res = await post('/notification/send', fields({ mode: 'schedule', sendAt }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'scheduled', sendAt, recipientCount: 2 });
    const { rows } = await t.app.deps.database.executeSql(
      'select start_after from pgboss.job where id = $1',
      [(await row(res.json().id)).jobId],
    );
    const startAfter = new Date(rows[0]!.start_after as string).getTime();
    // The queue counts from its own clock: within a few seconds of the chosen time.
    expect(Math.abs(startAfter - Date.parse(sendAt))).toBeLessThan(10_000);
  });

  it('an edit changes content and time; the old job then does nothing', async () => {
    const id = (
      await post('/notification/send', fields({ mode: 'schedule', sendAt: inAMinute() }))
    ).json().id;
    const oldJob = (await row(id)).jobId!;
    const res = await post('/notification/editnotification', {
      id,
      ...fields({
        title: 'Chapter 5',
        mode: 'schedule',
        sendAt: inAMinute(10),
        audience: { kind: 'all' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Chapter 5', recipientCount: 3, state: 'scheduled' });
    const newJob = (await row(id)).jobId!;
    expect(newJob).not.toBe(oldJob);
    expect(await claimNotification(t.app.deps, id, oldJob)).toBeNull();
    // The new job, at its time, delivers the edited notification.
    await deliverNotification(t.app.deps, id, jobCtx(newJob));
    expect(await ended(id)).toMatchObject({ state: 'sent', title: 'Chapter 5', deliveredCount: 3 });
  });

  it('a cancelled notification is never delivered, and says so when edited', async () => {
    const id = (
      await post('/notification/send', fields({ mode: 'schedule', sendAt: inAMinute() }))
    ).json().id;
    const jobId = (await row(id)).jobId!;
    const res = await post('/notification/cancelnotification', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('cancelled');
    expect(await claimNotification(t.app.deps, id, jobId)).toBeNull();
    expect(await inboxOf(id)).toEqual([]);
    const edit = await post('/notification/editnotification', { id, ...fields() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('was cancelled');
  });

  it('once the job has claimed it, edits and cancels answer 409 with the reason', async () => {
    const id = (
      await post('/notification/send', fields({ mode: 'schedule', sendAt: inAMinute() }))
    ).json().id;
    const claimed = await claimNotification(t.app.deps, id, (await row(id)).jobId!);
    expect(claimed?.state).toBe('sending');
    const edit = await post('/notification/editnotification', { id, ...fields({ title: 'Late' }) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(
      /Delivery of this notification started .*no longer be changed/,
    );
    const cancel = await post('/notification/cancelnotification', { id });
    expect(cancel.statusCode).toBe(409);
    expect((await row(id)).title).toBe('New chapters');
  });

  it('edit and claim racing: exactly one wins', async () => {
    for (let i = 0; i < 5; i++) {
      const id = (
        await post('/notification/send', fields({ mode: 'schedule', sendAt: inAMinute() }))
      ).json().id;
      const jobId = (await row(id)).jobId!;
      const [edit, claim] = await Promise.all([
        post('/notification/editnotification', { id, ...fields({ title: 'Raced' }) }),
        claimNotification(t.app.deps, id, jobId),
      ]);
      const after = await row(id);
      if (claim) {
        expect(edit.statusCode).toBe(409);
        expect(after.title).toBe('New chapters');
      } else {
        expect(edit.statusCode).toBe(200);
        expect(after).toMatchObject({ title: 'Raced', state: 'draft' });
      }
    }
  });

  it('refuses a schedule without a time, in the past, or beyond a year', async () => {
    const none = await post('/notification/send', fields({ mode: 'schedule' }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose when to send it');
    const past = await post(
      '/notification/send',
      fields({ mode: 'schedule', sendAt: inAMinute(-5) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('from now');
    const far = await post(
      '/notification/send',
      fields({ mode: 'schedule', sendAt: inAMinute(60 * 24 * 400) }),
    );
    expect(far.statusCode).toBe(400);
    const link = await post('/notification/send', fields({ link: 'javascript:alert(1)' }));
    expect(link.statusCode).toBe(400);
  });

  it('lists newest first, by state and title', async () => {
    const res = await t.as(token, {
      method: 'GET',
      url: '/api/notification/listofnotification?state=cancelled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((n: { state: string }) => n.state === 'cancelled')).toBe(true);
    const q = await t.as(token, {
      method: 'GET',
      url: '/api/notification/listofnotification?q=chapter%205',
    });
    expect(q.json().items.map((n: { title: string }) => n.title)).toEqual(['Chapter 5']);
    const total = await t.app.deps.db.execute(sql`select count(*)::int as n from notifications`);
    expect((total as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(5);
  });
});

describe('images', () => {
  it('an uploaded image is served through its signed link, and named by the notification', async () => {
    const call = await upload({ t, token }, '/notification/uploadimage', TINY_PNG, 'n.png');
    const res = await t.as(token, call.req);
    expect(res.statusCode, res.body).toBe(200);
    const { key, url } = res.json();
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    const made = await post('/notification/send', fields({ imageKey: key }));
    expect(made.json().imageUrl).toContain(`key=${encodeURIComponent(key)}`);
    const text = await upload(
      { t, token },
      '/notification/uploadimage',
      Buffer.from('%PDF-1.4 x'),
      'n.pdf',
    );
    expect((await t.as(token, text.req)).statusCode).toBe(415);
  });
});
