import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keysetRows, type XlsxColumn } from '../../lib/xlsx/export.ts';
import type { ReportDownload } from './reports.download.ts';
import { allOf, one, pageOf, type Range, rows, within } from './reports.range.ts';

/**
 * The rows under a report (each session, redemption, feedback or scan of the
 * range): a page for the screen, newest first, and all of them in time order
 * for the download. `select` names the columns over `from` (aliased tables);
 * `at` is the time column, `id` the row's id.
 */
export interface EventRows<Raw, Row> {
  name: string;
  select: SQL;
  from: SQL;
  at: SQL;
  id: SQL;
  where: SQL;
  columns: XlsxColumn<Row>[];
  map: (raw: Raw) => Row;
}

const whereIn = <R, W>(e: EventRows<R, W>, r: Range) => allOf(within(e.at, r), e.where);

export async function countRows<R, W>(db: Db, e: EventRows<R, W>, r: Range): Promise<number> {
  return (
    await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${e.from} where ${whereIn(e, r)}`,
    )
  ).n;
}

export async function rowsPage<R, W>(
  db: Db,
  e: EventRows<R, W>,
  r: Range,
  q: { page: number; pageSize: number },
  total: number,
) {
  const { limit, offset } = pageOf(q);
  const raw = await rows<R>(
    db,
    sql`select ${e.select} from ${e.from} where ${whereIn(e, r)}
      order by ${e.at} desc, ${e.id} desc limit ${limit} offset ${offset}`,
  );
  return { items: raw.map(e.map), total, page: q.page, pageSize: q.pageSize };
}

export function rowsDownload<R, W>(db: Db, e: EventRows<R, W>, r: Range): ReportDownload<W> {
  const page = (after: [string, number] | null, limit: number) =>
    rows<R & { _at: string; _id: number | string }>(
      db,
      sql`select ${e.select}, (${e.at})::text as _at, ${e.id}::int8 as _id from ${e.from}
        where ${allOf(
          whereIn(e, r),
          after ? sql`(${e.at}, ${e.id}) > (${after[0]}::timestamptz, ${after[1]})` : undefined,
        )}
        order by ${e.at}, ${e.id} limit ${limit}`,
    );
  return {
    name: e.name,
    columns: e.columns,
    count: () => countRows(db, e, r),
    rows: () =>
      mapRows(
        // The key's time as the database's text: exact to the microsecond.
        keysetRows(page, (raw): [string, number] => [raw._at, Number(raw._id)]),
        e.map,
      ),
  };
}

async function* mapRows<R, W>(source: AsyncIterable<R>, map: (raw: R) => W): AsyncGenerator<W> {
  for await (const raw of source) yield map(raw);
}
