import { asc, desc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

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
}

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
export function loweredSearch(q: string | undefined, lowered: AnyPgColumn): SQL | undefined {
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

/**
 * Runs the page query and the count together. `query` is a select with its
 * FROM and WHERE set; paging and ordering are applied here.
 */
export function listPage<Q extends PgSelect, T>(
  params: ListParams,
  query: Q,
  orderBy: SQL[],
  countQuery: PromiseLike<{ n: number }[]>,
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
    count: PromiseLike<{ n: number }[]>;
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

async function pageOf<R, T>(
  params: ListParams,
  rows: PromiseLike<R[]>,
  countQuery: PromiseLike<{ n: number }[]>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const [items, [total]] = await Promise.all([rows, countQuery]);
  return {
    items: items.map(map),
    total: total?.n ?? 0,
    page: params.page,
    pageSize: params.pageSize,
  };
}
