import { SESSION_LENGTH_BUCKETS } from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assessmentLevelsSql } from './reports.assessment-levels.ts';
import { LEARNER_DAY_KINDS, SESSION_KINDS } from './reports.kinds.ts';
import {
  applyLearnerDayChanges,
  rebuildLearnerYears,
  STAGE_NEW_DAYS,
} from './reports.learner-years.ts';
import { addDays } from './reports.range.ts';

/**
 * The reports' aggregates (docs/reports.md): per day, counts by metric and
 * book (report_daily), each active learner (report_learner_days) and the
 * assessments' score levels (report_assessment_levels), always
 * recomputed whole from the raw rows, never incremented: a late or resent
 * event, or an aggregate computed twice, gives the same figures.
 *
 * Writers append a mark per changed day (the ingest transaction, the /q/
 * scan); the refresh takes the marks and recomputes their days in one
 * transaction, so a crash puts the marks back and loses nothing. A mark
 * committed while a refresh runs is not seen by it and waits for the next.
 */

export { LEARNER_DAY_KINDS, SESSION_KINDS } from './reports.kinds.ts';

type Scope = { days: string[] } | 'all';

/** `col` on one of the scope's days: an index range, then the exact days. */
function onDays(col: SQL, scope: Scope): SQL {
  if (scope === 'all') return sql`true`;
  const sorted = [...scope.days].sort();
  const lo = `${sorted[0]}T00:00:00Z`;
  const hi = new Date(Date.parse(`${sorted.at(-1)}T00:00:00Z`) + 86_400_000).toISOString();
  return sql`${col} >= ${lo}::timestamptz and ${col} < ${hi}::timestamptz
    and (${col} at time zone 'UTC')::date in (select value::date from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb))`;
}

const dayOf = (col: SQL) => sql`(${col} at time zone 'UTC')::date`;
const SECONDS = sql`extract(epoch from ended_at - started_at)`;

function dailySql(scope: Scope): SQL {
  const band = sql.join(
    SESSION_LENGTH_BUCKETS.map(
      (b, i) =>
        sql`when ${SECONDS} >= ${sql.raw(String(b.min))}${b.max === null ? sql`` : sql` and ${SECONDS} < ${sql.raw(String(b.max))}`} then '${sql.raw(String(i))}'`,
    ),
    sql` `,
  );
  return sql`insert into report_daily (metric, day, book_id, dim, n, total)
    select 'registered', ${dayOf(sql`registered_at`)}, 0, '', count(*), 0 from learners
      where ${onDays(sql`registered_at`, scope)} group by 2
    union all select 'sessions', ${dayOf(sql`started_at`)}, 0,
      platform || '|' || case ${band} else 'open' end, count(*), coalesce(sum(${SECONDS}), 0)
      from learner_sessions where ${onDays(sql`started_at`, scope)} group by 2, 4
    union all select 'redemptions', ${dayOf(sql`at`)}, book_id, '', count(*), 0 from learner_redemptions
      where ${onDays(sql`at`, scope)} group by 2, 3
    union all select 'views', ${dayOf(sql`at`)}, book_id, '', count(*), sum(seconds) from learner_content_views
      where ${onDays(sql`at`, scope)} group by 2, 3
    union all select 'feedback', ${dayOf(sql`at`)}, coalesce(book_id, 0), rating::text, count(*), sum(rating)
      from learner_feedback where ${onDays(sql`at`, scope)} group by 2, 3, 4
    union all select 'attempts', ${dayOf(sql`submitted_at`)}, coalesce(book_id, 0), '', count(*), 0
      from assessment_attempts where ${onDays(sql`submitted_at`, scope)} group by 2, 3
    union all select case when grouping(s.code_id) = 0 then 'code_scans' else 'scans' end,
      ${dayOf(sql`s.scanned_at`)}, coalesce(c.book_id, 0), coalesce(s.code_id::text, ''), count(*), 0
      from qr_scans s join qr_codes c on c.id = s.code_id where ${onDays(sql`s.scanned_at`, scope)}
      group by grouping sets ((${dayOf(sql`s.scanned_at`)}, c.book_id, s.code_id), (${dayOf(sql`s.scanned_at`)}, c.book_id))`;
}

/** The learner-day rows of the scope, written into `table`. */
function learnerDaysSql(scope: Scope, table: SQL): SQL {
  const k = LEARNER_DAY_KINDS;
  return sql`insert into ${table} (day, learner_id, kinds)
    select day, learner_id, bit_or(kind) from (
      select ${dayOf(sql`started_at`)} as day, learner_id,
        (case platform when 'android' then ${k.android} when 'ios' then ${k.ios} else ${k.web} end)::int as kind
        from learner_sessions where ${onDays(sql`started_at`, scope)}
      union all select ${dayOf(sql`at`)}, learner_id, ${k.redemption} from learner_redemptions where ${onDays(sql`at`, scope)}
      union all select ${dayOf(sql`at`)}, learner_id, ${k.view} from learner_content_views where ${onDays(sql`at`, scope)}
      union all select ${dayOf(sql`at`)}, learner_id, ${k.feedback} from learner_feedback where ${onDays(sql`at`, scope)}
      union all select ${dayOf(sql`submitted_at`)}, learner_id, ${k.attempt} from assessment_attempts
        where ${onDays(sql`submitted_at`, scope)}
    ) a group by 1, 2`;
}

/**
 * Scans per code and ISO week (`code_scans_week`, day = the week's Monday),
 * summed from the days just written: a report over 90 days reads its whole
 * weeks here and only its edge days per day (a seventh of the rows). The
 * weeks of the scope's days are recomputed whole.
 */
async function recomputeCodeWeeks(tx: Tx, scope: Scope) {
  const week = sql`date_trunc('week', day)::date`;
  let weeks = sql`true`;
  if (scope !== 'all') {
    const mondays = [...new Set(scope.days.map(mondayOf))].sort();
    const end = addDays(mondays.at(-1) as string, 7);
    // An index range first, then the exact weeks.
    weeks = sql`day >= ${mondays[0]}::date and day < ${end}::date
      and ${week} in (select value::date from jsonb_array_elements_text(${JSON.stringify(mondays)}::jsonb))`;
  }
  await tx.execute(sql`delete from report_daily where metric = 'code_scans_week' and ${weeks}`);
  await tx.execute(sql`insert into report_daily (metric, day, book_id, dim, n, total)
    select 'code_scans_week', ${week}, book_id, dim, sum(n), 0 from report_daily
    where metric = 'code_scans' and ${weeks} group by 2, 3, 4`);
}

/** The Monday of `day`'s ISO week. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * Learners active per day, whole (dim '0') and per kind bit or the session
 * bits together (dim = the bits), from the learner-day rows just written:
 * the series read these counts instead of counting learner-days.
 */
const ACTIVE_DIMS = [0, ...Object.values(LEARNER_DAY_KINDS), SESSION_KINDS];
function activeSql(days: SQL): SQL {
  const bits = sql.join(
    ACTIVE_DIMS.map((b) => sql`(${sql.raw(String(b))})`),
    sql`, `,
  );
  return sql`insert into report_daily (metric, day, book_id, dim, n, total)
    select 'active', d.day, 0, b.bit::text, count(*), 0
    from report_learner_days d cross join (values ${bits}) b(bit)
    where ${days} and (b.bit = 0 or d.kinds & b.bit <> 0)
    group by d.day, b.bit`;
}

async function recompute(tx: Tx, scope: Scope) {
  const days =
    scope === 'all'
      ? sql`true`
      : sql`day in (select value::date from jsonb_array_elements_text(${JSON.stringify(scope.days)}::jsonb))`;
  await tx.execute(sql`delete from report_daily where ${days}`);
  await tx.execute(sql`delete from report_assessment_levels where ${days}`);
  await tx.execute(assessmentLevelsSql((col) => onDays(col, scope), dayOf));
  if (scope === 'all') {
    await tx.execute(sql`delete from report_learner_days`);
    await tx.execute(learnerDaysSql(scope, sql`report_learner_days`));
    await rebuildLearnerYears(tx);
  } else {
    // Staged first: the years' bits change only where a learner-day did.
    await tx.execute(STAGE_NEW_DAYS);
    await tx.execute(learnerDaysSql(scope, sql`report_new_days`));
    await applyLearnerDayChanges(tx, days);
    await tx.execute(sql`delete from report_learner_days where ${days}`);
    await tx.execute(sql`insert into report_learner_days (day, learner_id, kinds)
      select day, learner_id, kinds from report_new_days`);
  }
  await tx.execute(dailySql(scope));
  await recomputeCodeWeeks(tx, scope);
  await tx.execute(activeSql(days));
}

/** Days recomputed per transaction: a backlog (a restart after hours) is worked off in steps. */
const DAYS_PER_STEP = 31;
/** One refresh at a time (two would recompute the same day side by side and collide). */
const REFRESH_LOCK = 7_310_001;

/**
 * Recomputes the days marked when it starts; answers how many. Marks made
 * meanwhile wait for the next refresh (so steady scans cannot keep it busy).
 */
export async function refreshReports(db: Db): Promise<number> {
  const top = (await db.execute(
    sql`select coalesce(max(id), 0)::int8 as id from report_marks`,
  )) as unknown as {
    rows: { id: string | number }[];
  };
  const upTo = Number(top.rows[0]?.id ?? 0);
  let done = 0;
  for (;;) {
    const days = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
      const taken = (await tx.execute(sql`
        with taken as (
          delete from report_marks where id <= ${upTo} and day in (
            select distinct day from report_marks where id <= ${upTo} order by day desc limit ${DAYS_PER_STEP})
          returning day)
        select distinct to_char(day, 'YYYY-MM-DD') as day from taken`)) as unknown as {
        rows: { day: string }[];
      };
      const list = taken.rows.map((r) => r.day);
      if (list.length) await recompute(tx, { days: list });
      return list.length;
    });
    if (!days) return done;
    done += days;
  }
}

/** Recomputes every day from the raw rows (after a bulk load, a restore, the demo seed). */
export async function rebuildReports(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    await tx.execute(sql`delete from report_marks`);
    await recompute(tx, 'all');
  });
}
