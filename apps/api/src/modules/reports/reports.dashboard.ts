import type { Dashboard, dashboardQuery, Metric } from '@bo/contract/reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HAS_CONTENT } from '../../lib/printed-codes.queries.ts';
import { distinctLearnersEach, learnersByDay } from './reports.daily.ts';
import { addDays, eachDay, metric, previousOf, type Range } from './reports.range.ts';
import { bookTitles } from './reports.redemptions.ts';

/** The dashboard's figures: the last 7, 30 or 90 days up to today (UTC), against the period before. */

type Figure = 'registered' | 'redemptions' | 'scans' | 'views';
const FIGURES: Figure[] = ['registered', 'redemptions', 'scans', 'views'];

/** Per figure and day over the range, from the aggregates. */
const perDay = (r: Range) => sql`
  select metric as figure, to_char(day, 'YYYY-MM-DD') as day, sum(n)::int8 as n from report_daily
  where metric in ('registered', 'redemptions', 'scans', 'views') and day between ${r.from}::date and ${r.to}::date
  group by 1, 2`;

/** The 10 books most redeemed, with their views and scans. */
const topBooks = (r: Range) => sql`
  select book_id::int as "bookId",
    sum(n) filter (where metric = 'redemptions')::int as redemptions,
    coalesce(sum(n) filter (where metric = 'views'), 0)::int as views,
    coalesce(sum(n) filter (where metric = 'scans'), 0)::int as scans
  from report_daily where metric in ('redemptions', 'views', 'scans') and book_id <> 0
    and day between ${r.from}::date and ${r.to}::date
  group by 1 having sum(n) filter (where metric = 'redemptions') > 0
  order by 2 desc, 1 limit 10`;

export async function dashboard(deps: Deps, q: z.infer<typeof dashboardQuery>) {
  const db = deps.db;
  const today = deps.clock().toISOString().slice(0, 10);
  const range = { from: addDays(today, 1 - Number(q.days)), to: today };
  const previousRange = previousOf(range);
  const lastDays = (n: number) => ({ from: addDays(today, 1 - n), to: today });
  // The windows of the active tiles and the periods before them, counted in one pass.
  const windows = [lastDays(1), lastDays(7), lastDays(30)];
  const activeCounts = distinctLearnersEach(
    db,
    windows.flatMap((r) => [r, previousOf(r)]),
  );
  type Row = { figure: Figure; day: string; n: string | number };
  const since30 = new Date(deps.clock().getTime() - 30 * 86_400_000).toISOString();
  const [
    {
      rows: [total],
    },
    { rows: days },
    { rows: before },
    activeDays,
    { rows: top },
    {
      rows: [without],
    },
    {
      rows: [contact],
    },
    active,
    {
      rows: [scannedNowhere],
    },
  ] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from learners`),
    db.execute<Row>(perDay(range)),
    db.execute<Row>(perDay(previousRange)),
    learnersByDay(db, range),
    db.execute<{ bookId: number; redemptions: number; views: number; scans: number }>(
      topBooks(range),
    ),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from qr_codes q where q.enabled and not ${HAS_CONTENT}`,
    ),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from contact_messages where status = 'new'`,
    ),
    activeCounts,
    // Printed codes learners still scan that lead nowhere (docs/domain.md, "Printed codes").
    db.execute<{
      n: number;
    }>(sql`select count(*)::int as n from qr_codes q where q.enabled and not ${HAS_CONTENT}
        and exists (select 1 from qr_scans s where s.code_id = q.id
          and s.scanned_at >= ${since30}::timestamptz)`),
  ]);
  const activeIn = (w: number) => metric(active[2 * w] ?? 0, active[2 * w + 1] ?? 0);
  const sum = (list: Row[], f: Figure) =>
    list.filter((d) => d.figure === f).reduce((t, d) => t + Number(d.n), 0);
  const cell = new Map(days.map((d) => [`${d.figure} ${d.day}`, Number(d.n)]));
  const at = (f: Figure, day: string) => cell.get(`${f} ${day}`) ?? 0;
  const titles = await bookTitles(
    db,
    top.map((b) => b.bookId),
  );
  const trend = Object.fromEntries(
    FIGURES.map((f) => [f, metric(sum(days, f), sum(before, f))]),
  ) as Record<Figure, Metric>;
  return {
    range,
    previousRange,
    learners: { total: total?.n ?? 0, new: trend.registered },
    active: { today: activeIn(0), last7Days: activeIn(1), last30Days: activeIn(2) },
    redemptions: trend.redemptions,
    scans: trend.scans,
    views: trend.views,
    series: eachDay(range).map((day) => ({
      day,
      newLearners: at('registered', day),
      active: activeDays.get(day) ?? 0,
      redemptions: at('redemptions', day),
      scans: at('scans', day),
      views: at('views', day),
    })),
    topBooks: top.map((b) => ({
      ...b,
      isbn: titles.get(b.bookId)?.isbn ?? '',
      title: titles.get(b.bookId)?.title ?? '',
    })),
    codesWithoutContent: without?.n ?? 0,
    codesScannedWithoutContent: scannedNowhere?.n ?? 0,
    newContactMessages: contact?.n ?? 0,
  } satisfies Dashboard;
}
