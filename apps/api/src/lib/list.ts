import {
  and,
  asc,
  count,
  desc,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { isPgError, PG_ERROR } from './pg-errors.ts';

/**
 * The one list mechanism of the API: every list answers
 * `{ items, total, page, pageSize }` for the contract's list query (page from
 * 1, pageSize ≤ 100, free text `q`, a sort column from an allowlist, order).
 */
export interface ListParams<S extends string = string> {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: S | undefined;
  order: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Set by lists counted with `estimatedCount`: true when `total` is the planner's estimate. */
  totalIsEstimate?: boolean;
}

/** What a list's count query answers: `estimate` only from `estimatedCount`. */
export type CountRows = PromiseLike<{ n: number; estimate?: boolean }[]>;

/** `q` as a case-insensitive substring of any of the columns (LIKE wildcards escaped). */
export function textSearch(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `q` as a substring of a column that stores `lower(text)` (a generated
 * column): plain LIKE compares bytes, where ILIKE lowercases every value it
 * tests. The database lowercases `q` too, so both sides fold alike; a
 * constant pattern still lets a trigram index on the column answer it.
 */
export function loweredSearch(q: string | undefined, lowered: AnyPgColumn | SQL): SQL | undefined {
  if (!q) return undefined;
  return sql`${lowered} like '%' || lower(${escapeLike(q)}) || '%'`;
}

/** ORDER BY the allowed column the query names (or the default), then a tiebreaker in the same direction. */
export function sortOrder<S extends string>(
  params: ListParams<S>,
  columns: Record<S, AnyPgColumn>,
  fallback: S,
  tiebreaker: AnyPgColumn,
  defaultOrder: 'asc' | 'desc' = 'asc',
): SQL[] {
  const column = columns[params.sort ?? fallback];
  const order = params.sort ? params.order : defaultOrder;
  const by = order === 'desc' ? desc : asc;
  return [by(column), by(tiebreaker)];
}

/** Where a row stands in a list's order: its sort column's value as text (full precision), its tiebreaker. */
export interface SortKey {
  value: string | null;
  id: number;
}

/**
 * A list's order (as `sortOrder`) for a download that pages by key
 * (lib/xlsx/export.ts, `keysetRows`): `key` is selected beside each row,
 * `after(key)` is the WHERE of the rows that follow it. PostgreSQL sorts
 * NULLs last going up and first going down; `after` follows that order.
 */
export function sortKeyset<S extends string>(
  params: Omit<ListParams<S>, 'page' | 'pageSize'>,
  columns: Record<S, AnyPgColumn>,
  fallback: S,
  tiebreaker: AnyPgColumn,
  defaultOrder: 'asc' | 'desc' = 'asc',
) {
  const column = columns[params.sort ?? fallback];
  const up = (params.sort ? params.order : defaultOrder) === 'asc';
  const beyond = up ? gt : lt;
  const op = sql.raw(up ? '>' : '<');
  return {
    orderBy: sortOrder(
      { ...params, page: 1, pageSize: 1 },
      columns,
      fallback,
      tiebreaker,
      defaultOrder,
    ),
    key: sql<string | null>`${column}::text`,
    after({ value, id }: SortKey): SQL | undefined {
      const next = beyond(tiebreaker, id);
      if (value === null) return up ? and(isNull(column), next) : or(isNotNull(column), next);
      // The text is a plain parameter: it takes the column's type (full precision, not a JS Date's).
      const later = or(sql`${column} ${op} ${value}`, and(sql`${column} = ${value}`, next));
      return up ? or(later, isNull(column)) : later;
    },
  };
}

/**
 * One batch of a list's download, in the list's order after `after`
 * (`keysetRows` walks these): `rows` selects the list's fields with
 * `sortKey: order.key` beside them (FROM and joins, no WHERE), `where` is the
 * list's filter. Each row comes back mapped, with where it stands.
 */
export async function keysetBatch<Q extends PgSelect, T>(
  order: ReturnType<typeof sortKeyset>,
  rows: Q,
  where: SQL | undefined,
  batch: { after: SortKey | null; limit: number },
  map: (row: Awaited<Q>[number]) => T,
): Promise<(T & { key: SortKey })[]> {
  type Row = Awaited<Q>[number];
  const found = (await rows
    .where(and(where, batch.after ? order.after(batch.after) : undefined))
    .orderBy(...order.orderBy)
    .limit(batch.limit)) as (Row & { id: number; sortKey: string | null })[];
  return found.map(({ sortKey, ...row }) => ({
    ...map(row as Row),
    key: { value: sortKey, id: row.id },
  }));
}

/**
 * Runs the page query and the count together. `query` is a select with its
 * FROM and WHERE set; paging and ordering are applied here.
 */
export function listPage<Q extends PgSelect, T>(
  params: ListParams,
  query: Q,
  orderBy: SQL[],
  countQuery: CountRows,
  map: (row: Awaited<Q>[number]) => T,
): Promise<Page<T>> {
  const rows = query
    .orderBy(...orderBy)
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return pageOf(params, rows, countQuery, map);
}

/**
 * listPage for big tables, as a "deferred join": `keys` selects only `key`
 * with the list's WHERE, so an index holding the filtered and ordered
 * columns picks the page without reading the table; `rows` (FROM and joins,
 * no WHERE) then reads just the page's rows. Without it, a filter the index
 * cannot seek (a title search) reads a table row for every entry it tests.
 */
export function listPageByKeys<Q extends PgSelect, T>(
  params: ListParams,
  page: {
    key: AnyPgColumn;
    keys: PgSelect;
    rows: Q;
    orderBy: SQL[];
    count: CountRows;
    map: (row: Awaited<Q>[number]) => T;
  },
): Promise<Page<T>> {
  const pageKeys = page.keys
    .orderBy(...page.orderBy)
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  const rows = page.rows.where(inArray(page.key, pageKeys)).orderBy(...page.orderBy);
  return pageOf(params, rows, page.count, page.map);
}

/**
 * listPageByKeys over the rows of one table that match `where`, the usual
 * case: the page's keys and the exact count both read that table alone.
 * `count`, when given, counts the matching ids otherwise (`estimatedCount`).
 */
export function listTableByKeys<Q extends PgSelect, T>(
  db: Db | Tx,
  params: ListParams,
  page: {
    table: PgTable;
    key: AnyPgColumn;
    where: SQL | undefined;
    rows: Q;
    orderBy: SQL[];
    map: (row: Awaited<Q>[number]) => T;
    count?: (matching: PgSelect) => CountRows;
  },
): Promise<Page<T>> {
  // A builder runs once: the keys and a given count each get their own.
  const matching = () => db.select({ id: page.key }).from(page.table).where(page.where).$dynamic();
  return listPageByKeys(params, {
    key: page.key,
    keys: matching(),
    rows: page.rows,
    orderBy: page.orderBy,
    count: page.count
      ? page.count(matching())
      : db.select({ n: count() }).from(page.table).where(page.where),
    map: page.map,
  });
}

async function pageOf<R, T>(
  params: ListParams,
  rows: PromiseLike<R[]>,
  countQuery: CountRows,
  map: (row: R) => T,
): Promise<Page<T>> {
  const [items, [count]] = await Promise.all([rows, countQuery]);
  const page: Page<T> = {
    items: items.map(map),
    total: count?.n ?? 0,
    page: params.page,
    pageSize: params.pageSize,
  };
  // An exact count is the total, whatever page was asked for: one past the
  // end must not claim its offset as the total (a screen stepping back to
  // "the last page" would then walk back one page per request).
  if (count?.estimate !== true) return page;
  // A short page is the last one: it tells the exact total for free, where
  // an estimate may be far off (filters the planner thinks independent).
  const offset = (params.page - 1) * params.pageSize;
  if (items.length < params.pageSize && (items.length > 0 || offset === 0))
    return { ...page, total: offset + items.length, totalIsEstimate: false };
  return {
    ...page,
    total: Math.max(page.total, offset + items.length),
    totalIsEstimate: count.estimate,
  };
}

/** How long a list's exact count may run before the estimate answers instead. */
export const COUNT_BUDGET_MS = 40;

/**
 * The total of a list too big to count every time: the exact count while the
 * matches are fewer than `exactBelow`, else the planner's row estimate (read
 * from EXPLAIN, which costs a plan, not a scan) with `estimate: true`.
 * `filtered` selects the list's rows (its FROM and WHERE, nothing else; a
 * builder used here must not be reused for the page). The exact count stops
 * at `exactBelow + 1` rows and within `budgetMs` (statement_timeout, PostgreSQL
 * only: PGlite has no timer), so an estimate far too low, or matches spread
 * over a cold table, never make the list wait on counting either: it then
 * answers an estimate.
 */
export async function estimatedCount(
  db: Db,
  filtered: SQLWrapper,
  exactBelow: number,
  budgetMs = COUNT_BUDGET_MS,
): Promise<{ n: number; estimate: boolean }[]> {
  const estimate = Math.round(await plannedRows(db, filtered));
  if (estimate >= exactBelow) return [{ n: estimate, estimate: true }];
  const counted = await db
    .transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(budgetMs)}, true)`);
      const res = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from (${filtered} limit ${exactBelow + 1}) as matches`,
      );
      return Number(res.rows[0]?.n ?? 0);
    })
    .catch((err: unknown) => {
      if (isPgError(err, PG_ERROR.queryCanceled)) return null;
      throw err;
    });
  if (counted === null) return [{ n: estimate, estimate: true }];
  if (counted > exactBelow) return [{ n: Math.max(estimate, counted), estimate: true }];
  return [{ n: counted, estimate: false }];
}

/** The planner's row estimate of a query: its top plan node's "Plan Rows". */
async function plannedRows(db: Db, query: SQLWrapper): Promise<number> {
  const res = await db.execute(sql`explain (format json) ${query}`);
  const cell = Object.values(res.rows[0] ?? {})[0];
  // pg parses the json column; PGlite may hand it over as text.
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
    Plan: { 'Plan Rows': number };
  }[];
  return plan[0]?.Plan['Plan Rows'] ?? 0;
}
