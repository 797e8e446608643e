import type { FeedbackReport, feedbackReportQuery } from '@bo/contract/reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dailyByDay, dailySum, dailySums } from './reports.daily.ts';
import { COLUMN, reportFile } from './reports.download.ts';
import { type EventRows, rowsDownload, rowsPage } from './reports.events.ts';
import { allOf, eachDay, iso, metric, previousOf } from './reports.range.ts';

/** `/reports/downloadfeedback`: feedback per day and by rating, and each feedback. */

type Query = z.infer<typeof feedbackReportQuery>;
type Row = FeedbackReport['rows']['items'][number];

function feedbackRows(q: Query): EventRows<Row, Row> {
  return {
    name: 'Feedback',
    select: sql`f.id::int as id, f.at, f.learner_id::int as "learnerId", l.name as "learnerName",
      f.book_id::int as "bookId", b.title, f.content_kind as "contentKind",
      f.content_id::int as "contentId", f.rating::int as rating, f.comment`,
    from: sql`learner_feedback f join learners l on l.id = f.learner_id left join books b on b.id = f.book_id`,
    at: sql`f.at`,
    id: sql`f.id`,
    where: allOf(
      q.bookId ? sql`f.book_id = ${q.bookId}` : undefined,
      q.rating ? sql`f.rating = ${q.rating}` : undefined,
    ),
    columns: [
      { header: 'Received', key: 'at', width: 24 },
      COLUMN.learnerId,
      COLUMN.learnerName,
      COLUMN.bookId,
      COLUMN.title,
      { header: 'Content kind', key: 'contentKind', width: 14 },
      { header: 'Content ID', key: 'contentId', width: 12 },
      { header: 'Rating', key: 'rating', width: 8 },
      { header: 'Comment', key: 'comment', width: 60 },
      { header: 'Feedback ID', key: 'id', width: 12 },
    ],
    map: (r) => ({ ...r, at: iso(r.at) as string }),
  };
}

/** From the aggregates: feedback by day, book (0: none) and rating (`dim`); total sums the ratings. */
export async function feedbackReport(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const events = feedbackRows(q);
  if (q.format !== 'json') return reportFile(q.format, range, rowsDownload(db, events, range));
  const where = allOf(
    q.bookId ? sql`book_id = ${q.bookId}` : undefined,
    q.rating ? sql`dim = ${String(q.rating)}` : undefined,
  );
  const [now, before, perDay, ratings] = await Promise.all([
    dailySum(db, 'feedback', range, where),
    dailySum(db, 'feedback', previousRange, where),
    dailyByDay(db, 'feedback', range, where),
    dailySums(db, 'feedback', range, where, sql`dim`),
  ]);
  const mean = (s: { n: number; total: number } | undefined) =>
    s?.n ? Math.round((s.total / s.n) * 100) / 100 : null;
  const byRating = new Map(ratings.map((r) => [Number(r.key), r.n]));
  return {
    range,
    previousRange,
    summary: {
      feedback: metric(now.n, before.n),
      averageRating: metric(mean(now) ?? 0, mean(before) ?? 0),
    },
    series: eachDay(range).map((day) => ({
      day,
      feedback: perDay.get(day)?.n ?? 0,
      averageRating: mean(perDay.get(day)),
    })),
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: byRating.get(rating) ?? 0 })),
    rows: await rowsPage(db, events, range, q, now.n),
  } satisfies FeedbackReport;
}
