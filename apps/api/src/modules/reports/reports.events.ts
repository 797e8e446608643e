import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keysetRows, type XlsxColumn } from '../../lib/xlsx/export.ts';
import type { ReportDownload } from './reports.download.ts';
import { allOf, pageOf, type Range, within } from './reports.range.ts';

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
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${e.from} where ${whereIn(e, r)}`,
      )
    ).rows[0]?.n ?? 0
  );
}

export async function rowsPage<R extends Record<string, unknown>, W>(
  db: Db,
  e: EventRows<R, W>,
  r: Range,
  q: { page: number; pageSize: number },
  total: number,
) {
  const { limit, offset } = pageOf(q);
  const raw = (
    await db.execute<R>(sql`select ${e.select} from ${e.from} where ${whereIn(e, r)}
      order by ${e.at} desc, ${e.id} desc limit ${limit} offset ${offset}`)
  ).rows;
  return { items: raw.map(e.map), total, page: q.page, pageSize: q.pageSize };
}

export function rowsDownload<R extends Record<string, unknown>, W>(
  db: Db,
  e: EventRows<R, W>,
  r: Range,
): ReportDownload<W> {
  const page = async (after: [string, number] | null, limit: number) =>
    (
      await db.execute<
        R & { _at: string; _id: number | string }
      >(sql`select ${e.select}, (${e.at})::text as _at, ${e.id}::int8 as _id from ${e.from}
        where ${allOf(
          whereIn(e, r),
          after ? sql`(${e.at}, ${e.id}) > (${after[0]}::timestamptz, ${after[1]})` : undefined,
        )}
        order by ${e.at}, ${e.id} limit ${limit}`)
    ).rows;
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
