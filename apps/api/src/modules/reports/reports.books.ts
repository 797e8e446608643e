import {
  BOOK_METRICS,
  type BookAnalytics,
  type BookMetrics,
  type BooksComparison,
  type bookAnalyticsQuery,
  type booksComparisonQuery,
} from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { COLUMN, listedRows, reportFile } from './reports.download.ts';
import { eachDay, metric, previousOf, type Range, within } from './reports.range.ts';
import { bookTitles } from './reports.redemptions.ts';

/**
 * `/reports/getisbnanalytics` (one book) and `/reports/getdatabyisbns` (two
 * to four side by side): the same figures, read for all the books at once.
 */

type Day = BookAnalytics['series'][number];
type Counted = Exclude<keyof Day, 'day'>;
const COUNTED: Counted[] = ['redemptions', 'views', 'viewSeconds', 'scans', 'feedback', 'attempts'];

/** Per book and day, each counted figure, from the aggregates. */
function perDay(ids: SQL, r: Range): SQL {
  return sql`
    select book_id::int as "bookId", to_char(day, 'YYYY-MM-DD') as day,
      metric as figure, sum(n)::int8 as n
      from report_daily where metric in ('redemptions', 'views', 'scans', 'feedback', 'attempts')
        and book_id in (${ids}) and day between ${r.from}::date and ${r.to}::date group by 1, 2, 3
    union all select book_id::int, to_char(day, 'YYYY-MM-DD'), 'viewSeconds', sum(total)::int8
      from report_daily where metric = 'views'
        and book_id in (${ids}) and day between ${r.from}::date and ${r.to}::date group by 1, 2`;
}

/**
 * Per book over the whole range: the average rating (aggregates) and the
 * distinct learners, counted from the book's rows (indexed by book and time).
 */
function overRange(ids: SQL, r: Range): SQL {
  return sql`
    select b.id::int as "bookId",
      (select count(distinct learner_id)::int from (
        select learner_id from learner_redemptions where book_id = b.id and ${within(sql`at`, r)}
        union all select learner_id from learner_content_views where book_id = b.id and ${within(sql`at`, r)}
        union all select learner_id from learner_feedback where book_id = b.id and ${within(sql`at`, r)}
        union all select learner_id from assessment_attempts where book_id = b.id and ${within(sql`submitted_at`, r)}
      ) a) as learners,
      (select sum(total) / nullif(sum(n), 0) from report_daily where metric = 'feedback'
        and book_id = b.id and day between ${r.from}::date and ${r.to}::date)::float8 as rating
    from books b where b.id in (${ids})`;
}

interface Figures {
  series: Map<number, Day[]>;
  totals: Map<number, Record<keyof BookMetrics, number>>;
}

async function figures(db: Db, bookIds: number[], r: Range): Promise<Figures> {
  const ids = sql.join(
    bookIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [{ rows: days }, { rows: whole }] = await Promise.all([
    db.execute<{ bookId: number | string; day: string; figure: Counted; n: string | number }>(
      perDay(ids, r),
    ),
    db.execute<{ bookId: number; learners: number; rating: number | null }>(overRange(ids, r)),
  ]);
  const series = new Map<number, Day[]>();
  const totals = new Map<number, Record<keyof BookMetrics, number>>();
  for (const id of bookIds) {
    const byDay = new Map(
      eachDay(r).map((day) => [
        day,
        { day, redemptions: 0, views: 0, viewSeconds: 0, scans: 0, feedback: 0, attempts: 0 },
      ]),
    );
    for (const d of days)
      if (Number(d.bookId) === id) (byDay.get(d.day) as Day)[d.figure] = Number(d.n);
    const list = [...byDay.values()];
    series.set(id, list);
    const w = whole.find((x) => x.bookId === id);
    const sum = (f: Counted) => list.reduce((s, d) => s + d[f], 0);
    totals.set(id, {
      learners: w?.learners ?? 0,
      averageRating: Math.round((w?.rating ?? 0) * 100) / 100,
      ...(Object.fromEntries(COUNTED.map((f) => [f, sum(f)])) as Record<Counted, number>),
    });
  }
  return { series, totals };
}

async function compare(db: Db, bookIds: number[], range: Range) {
  const previousRange = previousOf(range);
  const titles = await bookTitles(db, bookIds);
  const missing = bookIds.filter((id) => !titles.has(id));
  if (missing.length) throw notFound(`Book ${missing.join(', ')}`);
  const [now, before] = await Promise.all([
    figures(db, bookIds, range),
    figures(db, bookIds, previousRange),
  ]);
  const books = bookIds.map((id) => {
    const t = now.totals.get(id)!;
    const p = before.totals.get(id)!;
    const metrics = Object.fromEntries(
      BOOK_METRICS.map((m) => [m, metric(t[m], p[m])]),
    ) as BookMetrics;
    const { isbn, title } = titles.get(id)!;
    return { book: { bookId: id, isbn, title }, metrics, series: now.series.get(id)! };
  });
  return { range, previousRange, books };
}

type Comparison = Awaited<ReturnType<typeof compare>>;

/** The download: one row per book and day. */
function daysFile(format: 'csv' | 'xlsx', name: string, c: Comparison) {
  const rowsOut = c.books.flatMap((b) => b.series.map((d) => ({ ...b.book, ...d })));
  const columns = [
    { header: 'Day', key: 'day', width: 12 },
    COLUMN.isbn,
    COLUMN.title,
    { header: 'Redemptions', key: 'redemptions', width: 12 },
    { header: 'Views', key: 'views', width: 10 },
    { header: 'Seconds viewed', key: 'viewSeconds', width: 14 },
    { header: 'Scans', key: 'scans', width: 10 },
    { header: 'Feedback', key: 'feedback', width: 10 },
    { header: 'Attempts', key: 'attempts', width: 10 },
  ];
  return reportFile(format, c.range, listedRows(name, columns, rowsOut));
}

export async function bookAnalytics(db: Db, q: z.infer<typeof bookAnalyticsQuery>) {
  const c = await compare(db, [q.bookId], { from: q.from, to: q.to });
  if (q.format !== 'json') return daysFile(q.format, 'Book analytics', c);
  const [b] = c.books;
  return { range: c.range, previousRange: c.previousRange, ...b! } satisfies BookAnalytics;
}

export async function booksComparison(db: Db, q: z.infer<typeof booksComparisonQuery>) {
  const c = await compare(db, q.bookIds, { from: q.from, to: q.to });
  if (q.format !== 'json') return daysFile(q.format, 'Books compared', c);
  return c satisfies BooksComparison;
}
