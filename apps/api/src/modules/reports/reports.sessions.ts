import {
  SESSION_LENGTH_BUCKETS,
  type SessionsReport,
  type sessionsReportQuery,
} from '@bo/contract/reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { LEARNER_DAY_KINDS, SESSION_KINDS } from './reports.aggregate.ts';
import {
  dailyByDay,
  dailySum,
  dailySums,
  distinctLearnersEach,
  learnersByDay,
} from './reports.daily.ts';
import { COLUMN, reportFile } from './reports.download.ts';
import { type EventRows, rowsDownload, rowsPage } from './reports.events.ts';
import { allOf, eachDay, iso, metric, previousOf, type Range } from './reports.range.ts';

/** `/reports/getusersession`: sessions per day (by start), learners, and how long they last. */

type Query = z.infer<typeof sessionsReportQuery>;

type Raw = {
  id: number;
  learnerId: number;
  learnerName: string;
  platform: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  seconds: number | null;
};

const SECONDS = sql`extract(epoch from s.ended_at - s.started_at)`;

function sessionRows(q: Query): EventRows<Raw, SessionsReport['rows']['items'][number]> {
  return {
    name: 'Sessions',
    select: sql`s.id::int as id, s.learner_id::int as "learnerId", l.name as "learnerName",
      s.platform, s.started_at as "startedAt", s.ended_at as "endedAt",
      floor(${SECONDS})::int as seconds`,
    from: sql`learner_sessions s join learners l on l.id = s.learner_id`,
    at: sql`s.started_at`,
    id: sql`s.id`,
    where: allOf(q.platform ? sql`s.platform = ${q.platform}` : undefined),
    columns: [
      { header: 'Session ID', key: 'id', width: 12 },
      COLUMN.learnerId,
      COLUMN.learnerName,
      { header: 'Platform', key: 'platform', width: 10 },
      { header: 'Started', key: 'startedAt', width: 24 },
      { header: 'Ended', key: 'endedAt', width: 24 },
      { header: 'Seconds', key: 'seconds', width: 10 },
    ],
    map: (r) => ({ ...r, startedAt: iso(r.startedAt) as string, endedAt: iso(r.endedAt) }),
  };
}

/**
 * From the aggregates: sessions by day and `platform|band` (band: the
 * length band's index, or `open` while not ended), and learners from the
 * learner-day bits of the platform(s).
 */
export async function sessionsReport(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const events = sessionRows(q);
  if (q.format !== 'json') return reportFile(q.format, range, rowsDownload(db, events, range));
  const platform = q.platform ? sql`dim like ${`${q.platform}|%`}` : undefined;
  const kinds = q.platform ? LEARNER_DAY_KINDS[q.platform] : SESSION_KINDS;
  const ENDED = sql`dim not like '%|open'`;
  const totals = async (r: Range) => {
    const [all, ended] = await Promise.all([
      dailySum(db, 'sessions', r, platform),
      dailySum(db, 'sessions', r, allOf(platform, ENDED)),
    ]);
    return { sessions: all.n, average: ended.n ? ended.total / ended.n : 0 };
  };
  const [now, before, learners, perDay, endedPerDay, learnersPerDay, bands] = await Promise.all([
    totals(range),
    totals(previousRange),
    distinctLearnersEach(db, [range, previousRange], { kinds }),
    dailyByDay(db, 'sessions', range, platform),
    dailyByDay(db, 'sessions', range, allOf(platform, ENDED)),
    learnersByDay(db, range, { kinds }),
    dailySums(db, 'sessions', range, platform, sql`split_part(dim, '|', 2)`),
  ]);
  const byBand = new Map(bands.map((b) => [b.key, b.n]));
  return {
    range,
    previousRange,
    summary: {
      sessions: metric(now.sessions, before.sessions),
      learners: metric(learners[0] ?? 0, learners[1] ?? 0),
      averageSeconds: metric(Math.round(now.average), Math.round(before.average)),
    },
    series: eachDay(range).map((day) => {
      const ended = endedPerDay.get(day);
      return {
        day,
        sessions: perDay.get(day)?.n ?? 0,
        learners: learnersPerDay.get(day) ?? 0,
        averageSeconds: ended?.n ? Math.round(ended.total / ended.n) : 0,
      };
    }),
    lengths: [
      ...SESSION_LENGTH_BUCKETS.map((b, i) => ({
        label: b.label,
        count: byBand.get(String(i)) ?? 0,
      })),
      { label: 'Not ended', count: byBand.get('open') ?? 0 },
    ],
    rows: await rowsPage(db, events, range, q, now.sessions),
  } satisfies SessionsReport;
}
