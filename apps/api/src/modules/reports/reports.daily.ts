import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activePerDay, inRangeOfYear, YEAR_DIMS, type YearDim } from './reports.learner-years.ts';
import { allOf, type Range } from './reports.range.ts';

/**
 * Reads of the aggregates (reports.aggregate.ts): sums of report_daily over
 * a range, and distinct learners from report_learner_days. Filters are SQL
 * over report_daily's columns (`book_id`, `dim`) or, for learners, over
 * `l` (learners) and the day's `kinds` bits.
 */

export type Metric =
  | 'active'
  | 'registered'
  | 'sessions'
  | 'redemptions'
  | 'views'
  | 'feedback'
  | 'attempts'
  /** Per book and day (dim ''). */
  | 'scans'
  /** Per code (dim: its id), under the book the code had. */
  | 'code_scans';

const daysOf = (r: Range) => sql`day between ${r.from}::date and ${r.to}::date`;

export interface Sum {
  n: number;
  total: number;
}

/** Sum of n and total, grouped by `by` (an expression over report_daily, as `key`), or whole. */
export async function dailySums(
  db: Db,
  metric: Metric,
  r: Range,
  where?: SQL,
  by?: SQL,
): Promise<(Sum & { key: string })[]> {
  const found = (
    await db.execute<{
      key: string;
      n: string | number;
      total: number;
    }>(sql`select ${by ?? sql`''`}::text as key, coalesce(sum(n), 0)::int8 as n, coalesce(sum(total), 0)::float8 as total
      from report_daily where ${allOf(sql`metric = ${metric}`, daysOf(r), where)}
      ${by ? sql`group by 1` : sql``}`)
  ).rows;
  return found.map((f) => ({ key: f.key, n: Number(f.n), total: Number(f.total) }));
}

export async function dailySum(db: Db, metric: Metric, r: Range, where?: SQL): Promise<Sum> {
  const [sum] = await dailySums(db, metric, r, where);
  return sum ?? { n: 0, total: 0 };
}

/** Per day (YYYY-MM-DD) as a map. */
export async function dailyByDay(
  db: Db,
  metric: Metric,
  r: Range,
  where?: SQL,
): Promise<Map<string, Sum>> {
  const found = await dailySums(db, metric, r, where, sql`to_char(day, 'YYYY-MM-DD')`);
  return new Map(found.map((f) => [f.key, f]));
}

export interface LearnerFilter {
  /** Over `l` (learners). */
  learners?: SQL;
  /** Any of these bits of the day's kinds (LEARNER_DAY_KINDS). */
  kinds?: number;
}

/** The years of days (`y`) of the kind filter, with the learners (`l`) when a learner filter applies. */
const yearsOf = (f: LearnerFilter = {}) =>
  sql`report_learner_years y ${f.learners ? sql`join learners l on l.id = y.learner_id` : sql``}`;

function dimOf(f: LearnerFilter = {}): YearDim {
  const dim = (f.kinds ?? 0) as YearDim;
  if (!YEAR_DIMS.includes(dim)) throw new Error(`No years of days kept for kinds ${dim}`);
  return dim;
}

/**
 * Distinct learners active in each of the ranges (a report's period and the
 * one before it, the dashboard's windows): the learners whose years of days
 * (reports.learner-years.ts) have a day of the range set, in the kind
 * filter, counted in one pass over the years' rows (a filtered count per
 * range instead of a scan per range).
 */
export async function distinctLearnersEach<const R extends readonly Range[]>(
  db: Db,
  ranges: R,
  f?: LearnerFilter,
): Promise<{ -readonly [K in keyof R]: number }> {
  const dim = dimOf(f);
  const yearsOfRange = (r: Range) => {
    const list = [];
    for (let y = Number(r.from.slice(0, 4)); y <= Number(r.to.slice(0, 4)); y++) list.push(y);
    return list;
  };
  const tests = ranges.map(
    (r) =>
      sql`(${sql.join(
        yearsOfRange(r).map((y) => inRangeOfYear(y, r.from, r.to)),
        sql` or `,
      )})`,
  );
  const years = new Set(ranges.flatMap(yearsOfRange));
  const from = sql`${yearsOf(f)} where ${allOf(sql`y.dim = ${dim}`, sql`(${sql.join(tests, sql` or `)})`, f?.learners)}`;
  const counts = (test: (i: number) => SQL) =>
    sql.join(
      ranges.map((_, i) => sql`count(*) filter (where ${test(i)})::int as ${sql.raw(`n${i}`)}`),
      sql`, `,
    );
  const [row] = (
    await db.execute<Record<string, number>>(
      // Within a year a learner has one row; across two, a learner's rows are taken together.
      years.size === 1
        ? sql`select ${counts((i) => tests[i]!)} from ${from}`
        : sql`select ${counts((i) => sql.raw(`r${i}`))} from (
          select y.learner_id, ${sql.join(
            tests.map((t, i) => sql`bool_or(${t}) as ${sql.raw(`r${i}`)}`),
            sql`, `,
          )} from ${from} group by y.learner_id) x`,
    )
  ).rows;
  return ranges.map((_, i) => row?.[`n${i}`] ?? 0) as { -readonly [K in keyof R]: number };
}

/** Distinct learners active per day: the day's counts, or with a learner filter, the years of days. */
export async function learnersByDay(
  db: Db,
  r: Range,
  f?: LearnerFilter,
): Promise<Map<string, number>> {
  if (!f?.learners) {
    const days = await dailyByDay(db, 'active', r, sql`dim = ${String(f?.kinds ?? 0)}`);
    return new Map([...days].map(([day, s]) => [day, s.n]));
  }
  return activePerDay(db, r, yearsOf(f), allOf(sql`y.dim = ${dimOf(f)}`, f.learners));
}
