import { asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
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
export async function listPage<Q extends PgSelect, T>(
  params: ListParams,
  query: Q,
  orderBy: SQL[],
  countQuery: PromiseLike<{ n: number }[]>,
  map: (row: Awaited<Q>[number]) => T,
): Promise<Page<T>> {
  const [rows, [total]] = await Promise.all([
    query
      .orderBy(...orderBy)
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    countQuery,
  ]);
  return {
    items: (rows as Awaited<Q>).map(map),
    total: total?.n ?? 0,
    page: params.page,
    pageSize: params.pageSize,
  };
}
