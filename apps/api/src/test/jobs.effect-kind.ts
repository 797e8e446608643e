import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { JobKind } from '../jobs/job.ts';

/**
 * A job kind for the process tests (never registered by the product): each
 * run records itself in `test_job_runs` at once; the first run of a job then
 * holds for `holdMs` (watching its abort signal); the effect is one row in
 * `test_job_effects`, written idempotently (`on conflict do nothing`) in one
 * transaction. Counting effects and runs tells "ran exactly once" from
 * "ran twice with one effect".
 */
export interface EffectJobData {
  key: string;
  holdMs: number;
}

/** The tables the kind writes; made by the test before any server runs. */
export async function createEffectTables(db: Db) {
  await db.execute(
    sql`create table if not exists test_job_runs (job_id text, key text, pid int, at timestamptz default now())`,
  );
  await db.execute(
    sql`create table if not exists test_job_effects (key text primary key, job_id text)`,
  );
}

export const effectJob: JobKind<EffectJobData> = {
  kind: 'test.effect',
  retryLimit: 3,
  retryDelaySeconds: 1,
  pollSeconds: 0.5,
  concurrency: 2,
  async run(data, ctx) {
    const db = ctx.deps.db;
    const { rows } = await db.execute<{ before: number }>(
      sql`select count(*)::int as before from test_job_runs where job_id = ${ctx.id}`,
    );
    await db.execute(
      sql`insert into test_job_runs (job_id, key, pid) values (${ctx.id}, ${data.key}, ${process.pid})`,
    );
    process.stdout.write(`test-job-running ${data.key}\n`);
    if ((rows[0]?.before ?? 0) === 0) {
      const end = Date.now() + data.holdMs;
      while (Date.now() < end) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        await new Promise((r) => setTimeout(r, 50));
        await ctx.progress((100 * (data.holdMs - (end - Date.now()))) / data.holdMs, 'Holding');
      }
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into test_job_effects (key, job_id) values (${data.key}, ${ctx.id}) on conflict do nothing`,
      );
    });
    process.stdout.write(`test-job-done ${data.key}\n`);
    return { key: data.key };
  },
};
