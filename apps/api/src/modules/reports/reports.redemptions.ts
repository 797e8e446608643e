import type { RedemptionsReport, redemptionsReportQuery } from '@bo/contract/reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { LEARNER_DAY_KINDS } from './reports.aggregate.ts';
import { dailyByDay, dailySum, dailySums, distinctLearnersEach } from './reports.daily.ts';
import { COLUMN, reportFile } from './reports.download.ts';
import { type EventRows, rowsDownload, rowsPage } from './reports.events.ts';
import { allOf, eachDay, iso, metric, previousOf, type Range, within } from './reports.range.ts';

/** `/reports/getuserredemtionsreports`: redemptions by book and day. */

type Query = z.infer<typeof redemptionsReportQuery>;
type Row = RedemptionsReport['rows']['items'][number];

function redemptionRows(q: Query): EventRows<Row, Row> {
  return {
    name: 'Redemptions',
    select: sql`r.id::int as id, r.at, r.learner_id::int as "learnerId", l.name as "learnerName",
      r.book_id::int as "bookId", b.isbn, b.title, r.code`,
    from: sql`learner_redemptions r join learners l on l.id = r.learner_id join books b on b.id = r.book_id`,
    at: sql`r.at`,
    id: sql`r.id`,
    where: allOf(q.bookId ? sql`r.book_id = ${q.bookId}` : undefined),
    columns: [
      { header: 'Redeemed', key: 'at', width: 24 },
      COLUMN.learnerId,
      COLUMN.learnerName,
      COLUMN.bookId,
      COLUMN.isbn,
      COLUMN.title,
      COLUMN.code,
      { header: 'Redemption ID', key: 'id', width: 14 },
    ],
    map: (r) => ({ ...r, at: iso(r.at) as string }),
  };
}

export async function redemptionsReport(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const events = redemptionRows(q);
  if (q.format !== 'json') return reportFile(q.format, range, rowsDownload(db, events, range));
  const book = q.bookId ? sql`book_id = ${q.bookId}` : undefined;
  // Learners of one book: from its rows (indexed by book and time); of all: the learner-day bits.
  const bookLearners = (r: Range) =>
    db
      .execute<{
        n: number;
      }>(sql`select count(distinct learner_id)::int as n from learner_redemptions
        where book_id = ${q.bookId} and ${within(sql`at`, r)}`)
      .then(({ rows: [x] }) => x?.n ?? 0);
  const learners = q.bookId
    ? Promise.all([bookLearners(range), bookLearners(previousRange)])
    : distinctLearnersEach(db, [range, previousRange], { kinds: LEARNER_DAY_KINDS.redemption });
  const [now, before, [learnersNow, learnersBefore], perDay, books, booksBefore] =
    await Promise.all([
      dailySum(db, 'redemptions', range, book),
      dailySum(db, 'redemptions', previousRange, book),
      learners,
      dailyByDay(db, 'redemptions', range, book),
      dailySums(db, 'redemptions', range, book, sql`book_id`),
      dailySums(db, 'redemptions', previousRange, book, sql`book_id`),
    ]);
  const titles = await bookTitles(
    db,
    books.map((b) => Number(b.key)),
  );
  const previous = new Map(booksBefore.map((b) => [Number(b.key), b.n]));
  return {
    range,
    previousRange,
    summary: {
      redemptions: metric(now.n, before.n),
      learners: metric(learnersNow, learnersBefore),
    },
    series: eachDay(range).map((day) => ({ day, redemptions: perDay.get(day)?.n ?? 0 })),
    byBook: books
      .map((b) => {
        const bookId = Number(b.key);
        return {
          bookId,
          isbn: titles.get(bookId)?.isbn ?? '',
          title: titles.get(bookId)?.title ?? '',
          redemptions: b.n,
          previous: previous.get(bookId) ?? 0,
        };
      })
      .sort((a, b) => b.redemptions - a.redemptions || a.title.localeCompare(b.title)),
    rows: await rowsPage(db, events, range, q, now.n),
  } satisfies RedemptionsReport;
}

/** ISBN and title of the given books. */
export async function bookTitles(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { isbn: string; title: string }>();
  const found = (
    await db.execute<{ id: number; isbn: string; title: string }>(
      sql`select id::int as id, isbn, title from books where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  ).rows;
  return new Map(found.map((b) => [b.id, b]));
}
