import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * Report marks: the writers of learner activity (the learner app's ingest,
 * the /q/ scan) append a mark per day they changed, and the reports' refresh
 * (modules/reports/reports.aggregate.ts) recomputes those days. The writers
 * need only this, so they do not depend on the reports module.
 */

/** Marks the days of `instants` (and of the sessions `endedSessions` started) for the next refresh. */
export async function markReportDays(tx: Tx, instants: Date[], endedSessions: string[] = []) {
  const days = [...new Set(instants.map((at) => at.toISOString().slice(0, 10)))];
  if (!days.length && !endedSessions.length) return;
  await tx.execute(sql`insert into report_marks (day)
    select value::date from jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)
    union select (started_at at time zone 'UTC')::date from learner_sessions
      where session_uid in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(endedSessions)}::jsonb))`);
}

/**
 * Marks today for a scan recorded now: a step of the /q/ statement, whose
 * CTE `q` holds the code found (nothing marked for an unknown code). One
 * appended row: scans never wait on one another.
 */
export const MARK_TODAY = sql`insert into report_marks (day) select (now() at time zone 'UTC')::date from q`;
