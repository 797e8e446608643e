import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { LEARNER_DAY_KINDS, SESSION_KINDS } from './reports.kinds.ts';

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
/** The day's bit in its year: the first bit shifted by the day's number in the year. */
const bitOf = (day: SQL) =>
  sql`(B'1'::bit(366) >> (${day} - make_date(extract(year from ${day})::int, 1, 1)))`;

/** Every year from the learner-day rows (the rebuild, after they are all written). */
export async function rebuildLearnerYears(tx: Tx) {
  await tx.execute(sql`delete from report_learner_years`);
  await tx.execute(sql`insert into report_learner_years (year, dim, learner_id, days)
    select ${yearOf(sql`d.day`)}, b.dim, d.learner_id, bit_or(${bitOf(sql`d.day`)})
    from report_learner_days d cross join ${DIMS}
    where ${matches(sql`d.kinds`)}
    group by 1, 2, 3`);
}

/**
 * The learner-day rows of `days` about to be replaced by those staged in
 * report_new_days: only the bits that change are written, so a refresh of
 * today touches the learners who became active since the last one, not
 * every learner of the day.
 */
export async function applyLearnerDayChanges(tx: Tx, days: SQL) {
  const flips = sql`select ${yearOf(sql`c.day`)} as year, b.dim, c.learner_id,
      bit_or(${bitOf(sql`c.day`)}) filter (where ${matches(sql`c.now`)}) as set_days,
      bit_or(${bitOf(sql`c.day`)}) filter (where not ${matches(sql`c.now`)}) as clear_days
    from (
      select coalesce(n.day, o.day) as day, coalesce(n.learner_id, o.learner_id) as learner_id,
        coalesce(o.kinds, 0) as was, coalesce(n.kinds, 0) as now
      from (select day, learner_id, kinds from report_learner_days where ${days}) o
      full join report_new_days n on n.day = o.day and n.learner_id = o.learner_id
      where o.kinds is distinct from n.kinds
    ) c cross join ${DIMS}
    where ${matches(sql`c.now`)} <> ${matches(sql`c.was`)}
    group by 1, 2, 3`;
  await tx.execute(sql`insert into report_learner_years (year, dim, learner_id, days)
    select year, dim, learner_id, set_days from (${flips}) f where set_days is not null
    on conflict (year, dim, learner_id) do update set days = report_learner_years.days | excluded.days`);
  await tx.execute(sql`update report_learner_years y set days = y.days & ~f.clear_days
    from (${flips}) f
    where f.clear_days is not null and y.year = f.year and y.dim = f.dim and y.learner_id = f.learner_id`);
}

/** The staging table of a refresh's new learner-day rows, emptied at commit. */
export const STAGE_NEW_DAYS = sql`create temp table if not exists report_new_days
  (day date not null, learner_id int8 not null, kinds int2 not null) on commit delete rows`;

/** A mask of the days from `from` to `to` that fall in `year`, as a bit(366) literal. */
export function yearMask(year: number, from: string, to: string): string {
  const start = Date.UTC(year, 0, 1);
  const first = Math.max(0, (Date.parse(`${from}T00:00:00Z`) - start) / 86_400_000);
  const last = Math.min(365, (Date.parse(`${to}T00:00:00Z`) - start) / 86_400_000);
  let mask = '';
  for (let i = 0; i < 366; i++) mask += i >= first && i <= last ? '1' : '0';
  return mask;
}
