import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { LEARNER_DAY_KINDS, SESSION_KINDS } from './reports.kinds.ts';
import { allOf, eachDay, type Range } from './reports.range.ts';

/**
 * Years of active days per learner (report_learner_years): what distinct
 * learners over a range are counted from. Counting them from the learner-day
 * rows meant grouping every learner-day of the range (2 million rows for 90
 * days at 100,000 learners); here it is one row per learner, tested against
 * a mask of the range's days.
 *
 * The kind filters kept (`dim`): any activity (0), any session, each
 * platform, a redemption: the ones the reports count distinct learners by.
 */
export const YEAR_DIMS = [
  0,
  SESSION_KINDS,
  LEARNER_DAY_KINDS.android,
  LEARNER_DAY_KINDS.ios,
  LEARNER_DAY_KINDS.web,
  LEARNER_DAY_KINDS.redemption,
] as const;
export type YearDim = (typeof YEAR_DIMS)[number];

const DIMS = sql.raw(`(values ${YEAR_DIMS.map((d) => `(${d})`).join(', ')}) b(dim)`);
const matches = (kinds: SQL) =>
  sql`(case when b.dim = 0 then ${kinds} <> 0 else ${kinds} & b.dim <> 0 end)`;
const yearOf = (day: SQL) => sql`extract(year from ${day})::int2`;
/** The day's number in its year (January 1st is 0). */
const dayInYear = (day: SQL) => sql`(${day} - make_date(extract(year from ${day})::int, 1, 1))`;

/** Words of 64 days: 6 cover a year of 366. */
const WORDS = [0, 1, 2, 3, 4, 5] as const;
const columns = (prefix: string) => sql.raw(WORDS.map((k) => `${prefix}${k}`).join(', '));
/** Per word, the bits of the days `p` (in a grouped query), of the rows where `when` holds. */
const wordsOf = (when: SQL, prefix: string) =>
  sql.join(
    WORDS.map(
      (k) =>
        sql`coalesce(bit_or(1::int8 << (p % 64)) filter (where p / 64 = ${sql.raw(String(k))} and ${when}), 0) as ${sql.raw(`${prefix}${k}`)}`,
    ),
    sql`, `,
  );
const anyOf = (prefix: string) =>
  sql.raw(`(${WORDS.map((k) => `${prefix}${k}`).join(' | ')}) <> 0`);

/** Every year from the learner-day rows (the rebuild, after they are all written). */
export async function rebuildLearnerYears(tx: Tx) {
  await tx.execute(sql`delete from report_learner_years`);
  await tx.execute(sql`insert into report_learner_years (year, dim, learner_id, ${columns('w')})
    select year, dim, learner_id, ${wordsOf(sql`true`, 'w')} from (
      select ${yearOf(sql`d.day`)} as year, b.dim, d.learner_id, ${dayInYear(sql`d.day`)} as p
      from report_learner_days d cross join ${DIMS} where ${matches(sql`d.kinds`)}) x
    group by 1, 2, 3`);
}

/**
 * The learner-day rows of `days` about to be replaced by those staged in
 * report_new_days: only the bits that change are written, so a refresh of
 * today touches the learners who became active since the last one, not
 * every learner of the day.
 */
export async function applyLearnerDayChanges(tx: Tx, days: SQL) {
  const flips = sql`select year, dim, learner_id, ${wordsOf(sql`on_now`, 's')}, ${wordsOf(sql`not on_now`, 'c')}
    from (
      select ${yearOf(sql`c.day`)} as year, b.dim, c.learner_id, ${dayInYear(sql`c.day`)} as p,
        ${matches(sql`c.now`)} as on_now
      from (
        select coalesce(n.day, o.day) as day, coalesce(n.learner_id, o.learner_id) as learner_id,
          coalesce(o.kinds, 0) as was, coalesce(n.kinds, 0) as now
        from (select day, learner_id, kinds from report_learner_days where ${days}) o
        full join report_new_days n on n.day = o.day and n.learner_id = o.learner_id
        where o.kinds is distinct from n.kinds
      ) c cross join ${DIMS}
      where ${matches(sql`c.now`)} <> ${matches(sql`c.was`)}) x
    group by 1, 2, 3`;
  // Computed once, then set and cleared from the staged rows.
  const int8s = (prefix: string) =>
    sql.raw(WORDS.map((k) => `${prefix}${k} int8 not null`).join(', '));
  await tx.execute(sql`create temp table if not exists report_year_flips
    (year int2 not null, dim int2 not null, learner_id int8 not null, ${int8s('s')}, ${int8s('c')})
    on commit delete rows`);
  await tx.execute(sql`insert into report_year_flips ${flips}`);
  const set = sql.raw(
    WORDS.map((k) => `w${k} = report_learner_years.w${k} | excluded.w${k}`).join(', '),
  );
  await tx.execute(sql`insert into report_learner_years (year, dim, learner_id, ${columns('w')})
    select year, dim, learner_id, ${columns('s')} from report_year_flips where ${anyOf('s')}
    on conflict (year, dim, learner_id) do update set ${set}`);
  const clear = sql.raw(WORDS.map((k) => `w${k} = y.w${k} & ~f.c${k}`).join(', '));
  await tx.execute(sql`update report_learner_years y set ${clear} from report_year_flips f
    where ${anyOf('f.c')} and y.year = f.year and y.dim = f.dim and y.learner_id = f.learner_id`);
}

/** The staging table of a refresh's new learner-day rows, emptied at commit. */
export const STAGE_NEW_DAYS = sql`create temp table if not exists report_new_days
  (day date not null, learner_id int8 not null, kinds int2 not null) on commit delete rows`;

/** Day `day` (YYYY-MM-DD) as its word and bit in its year. */
function wordBit(day: string): { year: number; word: number; bit: bigint } {
  const year = Number(day.slice(0, 4));
  const p = (Date.parse(`${day}T00:00:00Z`) - Date.UTC(year, 0, 1)) / 86_400_000;
  return { year, word: Math.floor(p / 64), bit: BigInt.asIntN(64, 1n << BigInt(p % 64)) };
}

/**
 * The test of "a day from `from` to `to` is set" on the row `y` of `year`:
 * each word the range touches, and-ed with the range's bits in it.
 */
export function inRangeOfYear(year: number, from: string, to: string): SQL {
  const masks = new Map<number, bigint>();
  for (const day of eachDay({ from, to })) {
    const at = wordBit(day);
    if (at.year === year) masks.set(at.word, (masks.get(at.word) ?? 0n) | at.bit);
  }
  const tests = [...masks].map(([k, mask]) =>
    // As the signed int8 the database holds (bit 63 is the sign).
    sql.raw(`(y.w${k} & ${BigInt.asIntN(64, mask)}) <> 0`),
  );
  return sql`(y.year = ${year} and (${tests.length ? sql.join(tests, sql` or `) : sql`false`}))`;
}

/**
 * Learners active per day of the range, among those `where` (over `y` and
 * the joined tables in `from`) selects: one pass over a row per learner,
 * a filtered count per day (`count(*) filter (where y.w<k> & bit <> 0)`),
 * instead of joining every learner-day of the range.
 */
export async function activePerDay(
  db: Db,
  r: Range,
  from: SQL,
  where: SQL,
): Promise<Map<string, number>> {
  const byYear = new Map<number, string[]>();
  for (const day of eachDay(r)) {
    const year = Number(day.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), day]);
  }
  const counts = new Map<string, number>();
  for (const [year, days] of byYear) {
    const cells = days.map((day, i) => {
      const { word, bit } = wordBit(day);
      return sql.raw(`count(*) filter (where (y.w${word} & ${bit}) <> 0)::int as d${i}`);
    });
    const [row] = (
      await db.execute<Record<string, number>>(
        sql`select ${sql.join(cells, sql`, `)} from ${from} where ${allOf(sql`y.year = ${year}`, where)}`,
      )
    ).rows;
    days.forEach((day, i) => {
      counts.set(day, row?.[`d${i}`] ?? 0);
    });
  }
  return counts;
}
