import type { QrReport, qrReportQuery } from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { codesByIds } from '../qr-codes/index.ts';
import { mondayOf } from './reports.aggregate.ts';
import { dailyByDay, dailySum } from './reports.daily.ts';
import { COLUMN, reportFile } from './reports.download.ts';
import { type EventRows, rowsDownload, rowsPage } from './reports.events.ts';
import { addDays, allOf, eachDay, iso, metric, previousOf, type Range } from './reports.range.ts';

/** `/reports/getqrcodereport`: scans through /q/ by code, book and day. */

type Query = z.infer<typeof qrReportQuery>;
type Row = QrReport['rows']['items'][number];

function scanRows(q: Query): EventRows<Row, Row> {
  return {
    name: 'QR scans',
    select: sql`s.id::int as id, s.scanned_at as at, s.code_id::int as "codeId", c.code,
      c.book_id::int as "bookId", b.title`,
    from: sql`qr_scans s join qr_codes c on c.id = s.code_id left join books b on b.id = c.book_id`,
    at: sql`s.scanned_at`,
    id: sql`s.id`,
    where: allOf(
      q.bookId ? sql`c.book_id = ${q.bookId}` : undefined,
      q.codeId ? sql`s.code_id = ${q.codeId}` : undefined,
    ),
    columns: [
      { header: 'Scanned', key: 'at', width: 24 },
      COLUMN.code,
      { header: 'Code ID', key: 'codeId', width: 10 },
      COLUMN.bookId,
      COLUMN.title,
      { header: 'Scan ID', key: 'id', width: 12 },
    ],
    map: (r) => ({ ...r, at: iso(r.at) as string }),
  };
}

/**
 * The per-code rows of the ranges: their whole ISO weeks from the weekly
 * sums, the days outside them from the daily rows. Each week lies in one
 * range, so `day >= from` still tells the two apart.
 */
function inWeeksAndDays(...ranges: Range[]): SQL {
  const mondays: string[] = [];
  const days: string[] = [];
  for (const r of ranges) {
    let day = r.from;
    while (day <= r.to) {
      if (mondayOf(day) === day && addDays(day, 6) <= r.to) {
        mondays.push(day);
        day = addDays(day, 7);
      } else {
        days.push(day);
        day = addDays(day, 1);
      }
    }
  }
  // Dates this code made (YYYY-MM-DD): safe as a literal array, which the index takes as an "= any".
  const list = (d: string[]) => sql.raw(`'{${d.join(',')}}'::date[]`);
  return sql`((metric = 'code_scans_week' and day = any(${list(mondays)}))
    or (metric = 'code_scans' and day = any(${list(days)})))`;
}

/**
 * From the aggregates: scans per book and day ('scans'), and per code
 * ('code_scans', dim: the code's id, under the book the code had when their
 * day was last computed). The codes' figures, both periods at once, come
 * from one pass over the per-code rows.
 */
export async function qrReport(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const events = scanRows(q);
  if (q.format !== 'json') return reportFile(q.format, range, rowsDownload(db, events, range));
  const where = allOf(
    q.bookId ? sql`book_id = ${q.bookId}` : undefined,
    q.codeId ? sql`dim = ${String(q.codeId)}` : undefined,
  );
  const scans = q.codeId ? 'code_scans' : 'scans';
  const inRange = (r: Range) => sql`day between ${r.from}::date and ${r.to}::date`;
  type CodeRow = Pick<
    QrReport['byCode'][number],
    'codeId' | 'code' | 'bookId' | 'title' | 'scans'
  > & {
    codes: number;
    codesBefore: number;
  };
  const [now, before, perDay, { rows: codes }, { rows: byBook }] = await Promise.all([
    dailySum(db, scans, range, where),
    dailySum(db, scans, previousRange, where),
    dailyByDay(db, scans, range, where),
    db.execute<CodeRow>(sql`with per_code as (
          select dim, book_id, sum(n) filter (where day >= ${range.from}::date) as now,
            sum(n) filter (where day < ${range.from}::date) as before
          from report_daily
          where ${allOf(inWeeksAndDays(previousRange, range), where)}
          group by dim, book_id),
        counted as (select count(distinct dim) filter (where now > 0)::int as codes,
          count(distinct dim) filter (where before > 0)::int as "codesBefore" from per_code),
        top as (select dim::int8 as code_id, nullif(book_id, 0) as book_id, now::int as scans
          from per_code where now > 0 order by now desc, dim::int8 limit 50)
        select t.code_id::int as "codeId", c.code, t.book_id::int as "bookId", b.title, t.scans,
          counted.codes, counted."codesBefore"
        from counted left join top t on true left join qr_codes c on c.id = t.code_id
          left join books b on b.id = t.book_id
        order by t.scans desc, c.code`),
    db.execute<
      QrReport['byBook'][number]
    >(sql`select nullif(d.book_id, 0)::int as "bookId", b.title, sum(d.n)::int as scans
        from report_daily d left join books b on b.id = d.book_id
        where ${allOf(sql`metric = ${scans}`, inRange(range), where)}
        group by d.book_id, b.title order by scans desc, b.title`),
  ]);
  const top = codes.filter((c) => c.codeId !== null);
  // Where each code points now, read as the codes' lists read it (qr-codes.queries.ts).
  const current = new Map(
    (
      await codesByIds(
        db,
        '',
        top.map((c) => c.codeId),
      )
    ).map((c) => [c.id, c]),
  );
  const byCode = top.map(({ codes: _c, codesBefore: _b, ...c }) => {
    const code = current.get(c.codeId);
    return {
      ...c,
      isbn: code?.bookIsbn ?? null,
      target: code?.targetLabel ?? null,
      hasContent: code?.hasContent ?? false,
      lastScanAt: code?.lastScanAt ?? null,
    };
  });
  const counted = codes[0] ?? { codes: 0, codesBefore: 0 };
  return {
    range,
    previousRange,
    summary: { scans: metric(now.n, before.n), codes: metric(counted.codes, counted.codesBefore) },
    series: eachDay(range).map((day) => ({ day, scans: perDay.get(day)?.n ?? 0 })),
    byCode,
    byBook,
    rows: await rowsPage(db, events, range, q, now.n),
  } satisfies QrReport;
}
