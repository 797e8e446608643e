import type { ReportSubscription } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { nextRunAfter, type Schedule } from './reports.subscription-schedule.ts';

/** Report subscriptions: their routes, who meets which, and when each mails next. */

let t: TestApp;
/** Holds reports and dashboard. */
let analyst: string;
/** Holds the dashboard only. */
let viewer: string;

const call = (token: string, url: string, payload?: object) =>
  t.as(
    token,
    payload ? { method: 'POST', url: `/api${url}`, payload } : { method: 'GET', url: `/api${url}` },
  );
const mine = async (token: string) => {
  const res = await call(token, '/report-subscriptions');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ReportSubscription[] }).items;
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-01-30T10:00:00Z'));
  const [a, v] = await Promise.all([
    t.createAdmin({ modules: ['reports', 'dashboard'] }),
    t.createAdmin({ modules: ['dashboard'] }),
  ]);
  analyst = (await t.signIn(a!.email)).accessToken;
  viewer = (await t.signIn(v!.email)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('report subscriptions: routes and access', () => {
  it('creates, lists, changes and deletes one’s own subscription', async () => {
    const made = await call(analyst, '/report-subscriptions/create', {
      report: 'redemptionsReport',
      filters: { bookId: '12' },
      frequency: 'monthly',
      monthDay: 31,
      hour: 7,
      timeZone: 'Europe/Paris',
    });
    expect(made.statusCode, made.body).toBe(200);
    const sub = made.json() as ReportSubscription;
    expect(sub).toMatchObject({
      report: 'redemptionsReport',
      reportLabel: 'Redemptions report',
      filters: { bookId: '12' },
      // No book 12 in this database: said, rather than a bare id.
      filterWords: 'Book: #12 (removed)',
      format: 'xlsx',
      // 07:00 in Paris (UTC+1 in winter) on 31 January.
      nextRunAt: '2026-01-31T06:00:00.000Z',
      lastSentAt: null,
    });
    expect((await mine(analyst)).map((s) => s.id)).toEqual([sub.id]);

    const changed = await call(analyst, '/report-subscriptions/update', {
      id: sub.id,
      frequency: 'weekly',
      weekday: 1,
      hour: 9,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Monday 2 February, 09:00 UTC (the time zone went back to its default).
    expect(changed.json()).toMatchObject({
      frequency: 'weekly',
      timeZone: 'UTC',
      nextRunAt: '2026-02-02T09:00:00.000Z',
      filters: { bookId: '12' },
    });

    const gone = await call(analyst, '/report-subscriptions/delete', { id: sub.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await mine(analyst)).toEqual([]);
  });

  it('refuses a report the admin may not open (403) and lets them subscribe to what they may', async () => {
    const refused = await call(viewer, '/report-subscriptions/create', {
      report: 'qrReport',
      frequency: 'daily',
      hour: 6,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'report_not_allowed' });
    const dash = await call(viewer, '/report-subscriptions/create', {
      report: 'dashboard',
      filters: { days: '7' },
      frequency: 'daily',
      hour: 6,
    });
    expect(dash.statusCode, dash.body).toBe(200);
  });

  it('shows and changes nobody else’s subscriptions: 404 as if they did not exist', async () => {
    const own = (
      await call(viewer, '/report-subscriptions/create', {
        report: 'dashboard',
        frequency: 'daily',
        hour: 5,
      })
    ).json() as ReportSubscription;
    expect((await mine(analyst)).map((s) => s.id)).not.toContain(own.id);
    for (const [url, body] of [
      ['/report-subscriptions/update', { id: own.id, frequency: 'daily', hour: 1 }],
      ['/report-subscriptions/delete', { id: own.id }],
    ] as const) {
      const res = await call(analyst, url, body);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await mine(viewer)).map((s) => s.id)).toContain(own.id);
  });

  it('checks the filters with the report’s own query rules, in words', async () => {
    const cases = [
      [{ report: 'redemptionsReport', filters: { bookId: 'x' } }, 'filters.bookId'],
      [{ report: 'learnersReport', filters: { colour: 'red' } }, 'filters.colour'],
      [{ report: 'bookAnalytics', filters: {} }, 'filters.bookId'],
      [{ report: 'dashboard', timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const;
    for (const [body, path] of cases) {
      const res = await call(analyst, '/report-subscriptions/create', {
        frequency: 'daily',
        hour: 7,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json() as {
        message: string;
        details: { path: string; message: string }[];
      };
      expect(answer.details.map((d) => d.path)).toContain(`body.${path}`);
      for (const d of answer.details) expect(d.message).not.toMatch(/zod|invalid_type/i);
    }
  });
});

describe('when a subscription mails next', () => {
  const s = (o: Partial<Schedule>): Schedule => ({
    frequency: 'monthly',
    hour: 7,
    weekday: 1,
    monthDay: 31,
    timeZone: 'UTC',
    ...o,
  });
  const next = (o: Partial<Schedule>, after: string) =>
    nextRunAfter(s(o), new Date(after)).toISOString();

  it('sends "on the 31st" on the last day of shorter months and keeps the 31st after', () => {
    expect(next({}, '2026-01-31T07:00:00Z')).toBe('2026-02-28T07:00:00.000Z');
    expect(next({}, '2026-02-28T07:00:00Z')).toBe('2026-03-31T07:00:00.000Z');
    expect(next({}, '2026-03-31T07:00:00Z')).toBe('2026-04-30T07:00:00.000Z');
    expect(next({}, '2028-02-01T00:00:00Z')).toBe('2028-02-29T07:00:00.000Z');
    expect(next({}, '2026-12-31T08:00:00Z')).toBe('2027-01-31T07:00:00.000Z');
    expect(next({ monthDay: 30 }, '2026-02-27T00:00:00Z')).toBe('2026-02-28T07:00:00.000Z');
    expect(next({ monthDay: 1 }, '2026-01-31T07:00:00Z')).toBe('2026-02-01T07:00:00.000Z');
  });

  it('counts the hour in the admin’s zone, across a month end and daylight saving', () => {
    // 00:30 on 1 March in Kolkata is still 28 February in UTC.
    expect(
      next({ frequency: 'daily', hour: 0, timeZone: 'Asia/Kolkata' }, '2026-02-28T12:00:00Z'),
    ).toBe('2026-02-28T18:30:00.000Z');
    expect(next({ frequency: 'daily', timeZone: 'Europe/Paris' }, '2026-03-28T07:00:00Z')).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    // 02:00 does not exist in Paris on 29 March 2026: the first instant after it.
    expect(
      next({ frequency: 'daily', hour: 2, timeZone: 'Europe/Paris' }, '2026-03-28T07:00:00Z'),
    ).toBe('2026-03-29T01:00:00.000Z');
    expect(next({ frequency: 'weekly', weekday: 1 }, '2026-11-29T10:00:00Z')).toBe(
      '2026-11-30T07:00:00.000Z',
    );
    expect(next({ frequency: 'weekly', weekday: 7 }, '2026-11-29T07:00:00Z')).toBe(
      '2026-12-06T07:00:00.000Z',
    );
  });
});
