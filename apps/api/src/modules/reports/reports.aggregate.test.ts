import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { book } from '../../test/write-samples/books.ts';
import { event, ingest, makeAppKey, registered } from '../learners/learners.testing.ts';
import { rebuildReports, refreshReports } from './reports.aggregate.ts';
import { refreshEverySeconds } from './reports.jobs.ts';

/**
 * The aggregates follow the raw rows: late, resent and completing events,
 * the job that refreshes them, and a rebuild that finds the same figures.
 */

let t: TestApp;
let token: string;
let key: string;
let bookId: number;
const learner = registered({ at: '2026-01-01T08:00:00Z' });
const get = async (url: string) => (await t.as(token, { method: 'GET', url: `/api${url}` })).json();
const redemptionsOn = async (day: string) =>
  (await get(`/reports/getuserredemtionsreports?from=${day}&to=${day}`)).summary.redemptions.value;
const redemption = (at: string) =>
  event('redemption', learner.learnerId, { at, bookId, code: `C-${randomUUID().slice(0, 6)}` });
const send = async (events: unknown[]) => {
  const res = await ingest(t, key, events);
  expect(res.json().rejected, res.body).toEqual([]);
  return res.json();
};

beforeAll(async () => {
  // A scheduled run that began before the event refreshes again only after
  // its pause (30 s on PGlite by default), and the job enqueued by the test
  // waits behind it: 2 s keeps "within seconds" about the refresh, not the
  // minute the run happened to start in.
  t = await createTestApp({ REPORTS_REFRESH_SECONDS: '2' });
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  key = await makeAppKey(t, token);
  bookId = (await book({ t, token })).id as number;
  await send([learner]);
}, 60_000);
afterAll(() => t?.close());

describe('aggregates', () => {
  it('show an event once refreshed, count a resent batch once, and take a late event on its own day', async () => {
    const batch = [redemption('2026-01-10T09:00:00Z'), redemption('2026-01-10T23:59:59Z')];
    await send(batch);
    expect(await redemptionsOn('2026-01-10')).toBe(0);
    expect(await refreshReports(t.app.deps.db)).toBeGreaterThan(0);
    expect(await redemptionsOn('2026-01-10')).toBe(2);
    expect((await send(batch)).duplicates).toBe(2);
    await refreshReports(t.app.deps.db);
    expect(await redemptionsOn('2026-01-10')).toBe(2);
    await send([redemption('2026-01-03T12:00:00Z')]);
    await refreshReports(t.app.deps.db);
    expect(await redemptionsOn('2026-01-03')).toBe(1);
    expect(await redemptionsOn('2026-01-10')).toBe(2);
    const marks = (
      await t.app.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from report_marks`)
    ).rows;
    expect(marks[0]!.n).toBe(0);
  });

  it("a session's end sent later updates the day it started", async () => {
    const sessionId = randomUUID();
    await send([
      event('session_started', learner.learnerId, {
        at: '2026-01-12T10:00:00Z',
        sessionId,
        platform: 'ios',
      }),
    ]);
    await refreshReports(t.app.deps.db);
    const before = await get('/reports/getusersession?from=2026-01-12&to=2026-01-12');
    expect(before.lengths.at(-1)).toEqual({ label: 'Not ended', count: 1 });
    await send([
      event('session_ended', learner.learnerId, { at: '2026-01-13T10:00:00Z', sessionId }),
    ]);
    await refreshReports(t.app.deps.db);
    const after = await get('/reports/getusersession?from=2026-01-12&to=2026-01-12');
    expect(after.summary.averageSeconds.value).toBe(86_400);
    expect(after.lengths.at(-2)).toEqual({ label: 'Over 1 hour', count: 1 });
  });

  it('distinct learners over a range follow a learner-day that goes away, within a year and across two', async () => {
    const learners = async (from: string, to: string) =>
      (await get(`/reports/getuserredemtionsreports?from=${from}&to=${to}`)).summary.learners.value;
    await send([redemption('2026-01-05T12:00:00Z')]);
    await refreshReports(t.app.deps.db);
    expect(await learners('2026-01-04', '2026-01-06')).toBe(1);
    expect(await learners('2025-12-20', '2026-01-06')).toBe(1);
    expect(await learners('2025-12-01', '2025-12-31')).toBe(0);
    // Day 63 of the year is the sign bit of its word; day 64 starts the next word.
    await send([redemption('2026-03-05T12:00:00Z')]);
    await refreshReports(t.app.deps.db);
    expect(await learners('2026-03-05', '2026-03-05')).toBe(1);
    expect(await learners('2026-03-04', '2026-03-05')).toBe(1);
    expect(await learners('2026-03-05', '2026-03-08')).toBe(1);
    expect(await learners('2026-03-06', '2026-03-08')).toBe(0);
    expect(await learners('2026-02-01', '2026-03-04')).toBe(0);
    // Raw rows removed (as an erasure would): the day is marked and its bit cleared.
    await t.app.deps.db.execute(
      sql`delete from learner_redemptions where at >= '2026-01-05' and at < '2026-01-06'`,
    );
    await t.app.deps.db.execute(sql`insert into report_marks (day) values ('2026-01-05')`);
    await refreshReports(t.app.deps.db);
    expect(await learners('2026-01-04', '2026-01-06')).toBe(0);
    expect(await learners('2025-12-20', '2026-01-06')).toBe(1);
  });

  it('the QR report over weeks and edge days counts what the scans hold, both periods', async () => {
    const db = t.app.deps.db;
    const [code] = (
      await db.execute<{
        id: number;
      }>(sql`with b as (insert into qr_batches (book_id, kind, count) values (${bookId}, 'spare', 2) returning id)
        insert into qr_codes (code, batch_id, book_id, target_kind)
        select 'WK' || g, (select id from b), ${bookId}, 'book' from generate_series(1, 2) g returning id::int`)
    ).rows;
    // Scans on every third day from 2026-02-02 (a Monday) for 8 weeks, two codes.
    await db.execute(sql`insert into qr_scans (code_id, scanned_at, ip_hash)
      select ${code!.id} + (g % 2), timestamptz '2026-02-02 10:00Z' + g * interval '3 days', 'h'
      from generate_series(0, 18) g`);
    await db.execute(sql`insert into report_marks (day)
      select (timestamptz '2026-02-02 10:00Z' + g * interval '3 days')::date from generate_series(0, 18) g`);
    await refreshReports(db);
    const counted = async (from: string, to: string) =>
      (
        await db.execute<{
          scans: number;
          codes: number;
        }>(sql`select count(*)::int as scans, count(distinct code_id)::int as codes from qr_scans
            where code_id >= ${code!.id} and scanned_at >= ${from}::date and scanned_at < ${to}::date + 1`)
      ).rows[0]!;
    // 2026-02-26 (a Thursday) to 2026-03-25 (a Wednesday): edge days, three whole weeks; the previous 28 days likewise.
    const report = await get(
      `/reports/getqrcodereport?from=2026-02-26&to=2026-03-25&bookId=${bookId}`,
    );
    const now = await counted('2026-02-26', '2026-03-25');
    const before = await counted('2026-01-29', '2026-02-25');
    expect(report.summary.scans).toMatchObject({ value: now.scans, previous: before.scans });
    expect(report.summary.codes).toMatchObject({ value: now.codes, previous: before.codes });
    expect(report.byCode.reduce((n: number, c: { scans: number }) => n + c.scans, 0)).toBe(
      now.scans,
    );
    expect(now.scans).toBeGreaterThan(5);
  });

  it('a rebuild from the raw rows finds what the refreshes kept', async () => {
    const snapshot = () =>
      t.app.deps.db
        .execute(
          sql`select metric, day::text, book_id::text, dim, n::text, total from report_daily
          union all select 'learner', day::text, learner_id::text, kinds::text, '1', 0 from report_learner_days
          union all select 'years', year::text, learner_id::text, dim::text,
            concat_ws(' ', w0, w1, w2, w3, w4, w5), 0 from report_learner_years
            where (w0 | w1 | w2 | w3 | w4 | w5) <> 0
          order by 1, 2, 3, 4`,
        )
        .then((r) => r.rows);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(3);
    await rebuildReports(t.app.deps.db);
    expect(await snapshot()).toEqual(kept);
  });

  it('the reports.refresh job brings a new event into the reports within seconds', async () => {
    await send([redemption('2026-01-20T10:00:00Z')]);
    await t.app.deps.jobs.enqueue(t.app.deps.db, 'reports.refresh', {});
    const started = Date.now();
    while ((await redemptionsOn('2026-01-20')) !== 1) {
      expect(Date.now() - started).toBeLessThan(20_000);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 30_000);

  it('refreshes every 30 s on PGlite and 10 s on PostgreSQL unless REPORTS_REFRESH_SECONDS says otherwise (1-50)', () => {
    const base = { DATA_DIR: t.app.deps.config.dataDir, JWT_SECRET: 'x'.repeat(40) };
    const on = (env: Record<string, string>) => ({
      ...t.app.deps,
      config: loadConfig({ ...base, ...env }),
    });
    expect(refreshEverySeconds(on({}))).toBe(t.app.deps.database.kind === 'pglite' ? 30 : 10);
    expect(refreshEverySeconds(on({ REPORTS_REFRESH_SECONDS: '2' }))).toBe(2);
    expect(() => loadConfig({ ...base, REPORTS_REFRESH_SECONDS: '0' })).toThrow(
      /REPORTS_REFRESH_SECONDS/,
    );
    expect(() => loadConfig({ ...base, REPORTS_REFRESH_SECONDS: '60' })).toThrow(
      /REPORTS_REFRESH_SECONDS/,
    );
  });
});
