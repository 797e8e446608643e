import type { Metric } from '@bo/contract';
import { daysInRange } from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The pieces every report shares: its range and the previous period of the
 * same length, figures with their change, series filled day by day, and SQL
 * run as plain rows. Days are UTC calendar days, both ends included.
 */

const DAY_MS = 86_400_000;

export interface Range {
  from: string;
  to: string;
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The period of the same length ending the day before `range.from`. */
export function previousOf(range: Range): Range {
  const n = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Start (included) and end (excluded) instants of a range, for `at >= start and at < end`. */
export const bounds = (r: Range) => ({
  start: `${r.from}T00:00:00Z`,
  end: `${addDays(r.to, 1)}T00:00:00Z`,
});

/** `column` within the range: an index range on the time column. */
export function within(column: SQL, r: Range): SQL {
  const { start, end } = bounds(r);
  return sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;
}

/** The UTC day of a timestamp column, as YYYY-MM-DD text. */
export const dayOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export function metric(value: number, previous: number): Metric {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    value: round(value),
    previous: round(previous),
    change: previous === 0 ? null : round((value - previous) / previous),
  };
}

export function eachDay(r: Range): string[] {
  const days: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** One entry per day of the range, zeros where `rows` has no day. */
export function fillDays<T extends { day: string }>(
  r: Range,
  rows: T[],
  empty: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return eachDay(r).map((day) => byDay.get(day) ?? empty(day));
}

/** `and`-joins the present conditions (`true` when none). */
export function allOf(...parts: (SQL | undefined | false)[]): SQL {
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

export const iso = (at: Date | string | null): string | null =>
  at === null ? null : new Date(at).toISOString();

/** The page of a report's rows: offset and limit. */
export const pageOf = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});
