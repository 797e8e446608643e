import type { LearnersReport, learnersReportQuery } from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { keysetRows } from '../../lib/xlsx/export.ts';
import { LEARNER_COLUMNS } from '../learners/index.ts';
import { dailyByDay, dailySum, distinctLearnersEach, learnersByDay } from './reports.daily.ts';
import { type ReportDownload, reportFile } from './reports.download.ts';
import {
  allOf,
  dayOf,
  eachDay,
  iso,
  metric,
  pageOf,
  previousOf,
  type Range,
  within,
} from './reports.range.ts';

/** `/reports/getuserdatareport`: learners registered and active, and who registered. */

type Query = z.infer<typeof learnersReportQuery>;

/** The learner filters over `l` (learners). */
function learnerFilter(q: Query): SQL | undefined {
  const parts = [
    q.gradeId ? sql`l.grade_id = ${q.gradeId}` : undefined,
    q.state ? sql`l.state = ${q.state}` : undefined,
    q.city ? sql`l.city = ${q.city}` : undefined,
    q.status ? sql`l.status = ${q.status}` : undefined,
  ];
  return parts.some(Boolean) ? allOf(...parts) : undefined;
}

const registeredWhere = (q: Query, r: Range) =>
  allOf(within(sql`l.registered_at`, r), learnerFilter(q));

type LearnerRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  gradeName: string | null;
  school: string | null;
  city: string | null;
  state: string | null;
  status: 'active' | 'inactive' | 'blocked';
  registeredAt: Date | string;
  lastActiveAt: Date | string | null;
  /** registered_at as the database's text: an exact key. */
  at: string;
};

const selectRows = (where: SQL) => sql`
  select l.id::int as id, l.name, l.email, l.phone, g.name as "gradeName", l.school, l.city,
    l.state, l.status, l.registered_at as "registeredAt", l.last_active_at as "lastActiveAt",
    l.registered_at::text as at
  from learners l left join grades g on g.id = l.grade_id where ${where}`;

const toRow = ({ at: _at, ...r }: LearnerRow) => ({
  ...r,
  registeredAt: iso(r.registeredAt) as string,
  lastActiveAt: iso(r.lastActiveAt),
});

export async function learnersReport(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  if (q.format !== 'json') return reportFile(q.format, range, learnersDownload(db, q, range));
  const filter = learnerFilter(q);
  const { limit, offset } = pageOf(q);
  const [
    registered,
    previousRegistered,
    [active, previousActive],
    perDay,
    activeDays,
    { rows: page },
  ] = await Promise.all([
    registeredCount(db, q, range),
    registeredCount(db, q, previousRange),
    distinctLearnersEach(db, [range, previousRange], { learners: filter }),
    registeredByDay(db, q, range),
    learnersByDay(db, range, { learners: filter }),
    db.execute<LearnerRow>(sql`${selectRows(registeredWhere(q, range))}
          order by l.registered_at desc, l.id desc limit ${limit} offset ${offset}`),
  ]);
  const series = eachDay(range).map((day) => ({
    day,
    registered: perDay.get(day) ?? 0,
    active: activeDays.get(day) ?? 0,
  }));
  return {
    range,
    previousRange,
    summary: {
      registered: metric(registered, previousRegistered),
      active: metric(active, previousActive),
    },
    series,
    rows: { items: page.map(toRow), total: registered, page: q.page, pageSize: q.pageSize },
  } satisfies LearnersReport;
}

/**
 * Registrations: from the aggregates when no learner filter applies; with
 * one, from the learners table (its filters are the learner's attributes
 * now, which the aggregates do not keep; registered_at is indexed).
 */
async function registeredCount(db: Db, q: Query, r: Range): Promise<number> {
  if (!learnerFilter(q)) return (await dailySum(db, 'registered', r)).n;
  return (
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from learners l where ${registeredWhere(q, r)}`,
      )
    ).rows[0]?.n ?? 0
  );
}

async function registeredByDay(db: Db, q: Query, r: Range): Promise<Map<string, number>> {
  if (!learnerFilter(q)) {
    return new Map([...(await dailyByDay(db, 'registered', r))].map(([day, s]) => [day, s.n]));
  }
  const found = (
    await db.execute<{
      day: string;
      n: number;
    }>(sql`select ${dayOf(sql`l.registered_at`)} as day, count(*)::int as n from learners l
      where ${registeredWhere(q, r)} group by 1`)
  ).rows;
  return new Map(found.map((d) => [d.day, d.n]));
}

function learnersDownload(
  db: Db,
  q: Query,
  range: Range,
): ReportDownload<ReturnType<typeof toRow>> {
  const where = registeredWhere(q, range);
  return {
    name: 'Learners',
    columns: LEARNER_COLUMNS,
    count: async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from learners l where ${where}`,
        )
      ).rows[0]?.n ?? 0,
    rows: () =>
      keysetRows(
        async (after: [string, number] | null, limit) =>
          (
            await db.execute<LearnerRow>(
              sql`${selectRows(
                allOf(
                  where,
                  after
                    ? sql`(l.registered_at, l.id) > (${after[0]}::timestamptz, ${after[1]})`
                    : undefined,
                ),
              )} order by l.registered_at, l.id limit ${limit}`,
            )
          ).rows.map((r) => ({ ...toRow(r), key: [r.at, r.id] as [string, number] })),
        (r) => r.key,
      ),
  };
}
