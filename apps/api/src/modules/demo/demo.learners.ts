import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  activeDaysSql,
  attemptsSql,
  contactSql,
  devicesSql,
  feedbackSql,
  lastActiveSql,
  learnersSql,
  redemptionsSql,
  scansSql,
  sessionsSql,
  viewsSql,
} from './demo.learners.sql.ts';

export const MAX_LEARNERS = 100_000;
export const MAX_MONTHS = 24;

/**
 * Demo learners and `months` of their activity as the learner app would have
 * sent it (docs/domain.md, Learners): registrations spread over the period,
 * one device each (some reset and bound again), sessions on active days
 * (weekdays and exam seasons busier), content views, redemptions and scans
 * of the printed codes favouring a few popular books, feedback with comments in English and
 * Hindi, attempts on the demo assessments, and contact messages, some
 * resolved. Idempotent: learners already there (same demo ids) get nothing
 * new. Answers how many learners it added.
 */
export async function seedLearners(tx: Tx, count: number, months: number): Promise<number> {
  if (count === 0) return 0;
  await tx.execute(sql`select setseed(0.42)`);
  await tx.execute(
    sql`create temp table demo_new on commit drop as select uid from learners where false`,
  );
  await tx.execute(learnersSql(count, months));
  const [added] = (
    (await tx.execute(sql`select count(*)::int as n from demo_new`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if (!added?.n) return 0;
  await tx.execute(devicesSql);
  await tx.execute(activeDaysSql());
  const hasBooks = (
    (await tx.execute(sql`select exists (select 1 from books) as b`)) as unknown as {
      rows: { b: boolean }[];
    }
  ).rows[0]?.b;
  await tx.execute(sessionsSql);
  if (hasBooks) {
    await tx.execute(viewsSql);
    await tx.execute(redemptionsSql);
    await tx.execute(feedbackSql);
    await tx.execute(scansSql);
  }
  await tx.execute(attemptsSql);
  await tx.execute(contactSql);
  await tx.execute(lastActiveSql);
  return Number(added.n);
}
