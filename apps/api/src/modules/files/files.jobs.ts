import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../jobs/job.ts';
import { sweepOrphanFiles } from './files.sweep.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    // biome-ignore lint/complexity/noBannedTypes: the sweep takes no data
    'files.sweep': {};
  }
}

/**
 * The orphan sweep as a scheduled job. pg-boss's cron ticks every hour (every
 * minute when the interval is under an hour) in one process only; a tick
 * sweeps when the last finished sweep started at least FILE_SWEEP_INTERVAL_HOURS
 * ago, so any interval works and several processes still sweep once.
 *
 * Idempotent by nature: it removes files no row holds; removing an already
 * removed file is a no-op. Told to stop (shutdown), it ends after the file it
 * is on and throws, so the rest is swept by the retry rather than waiting for
 * the next interval.
 */
export const fileSweepJob = defineJob({
  kind: 'files.sweep',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 3600,
  pollSeconds: 30,
  schedule: sweepCron,
  async run(_data, ctx) {
    const { graceMs, intervalMs } = ctx.deps.config.fileSweep;
    const last = await lastSweepStart(ctx.deps.db);
    // Five minutes of slack: a tick a little early still sweeps.
    if (last && Date.now() - last.getTime() < intervalMs - 5 * 60_000) return { skipped: true };
    const result = await sweepOrphanFiles(ctx.deps, graceMs, ctx.signal);
    if (ctx.signal.aborted) throw new Error('The sweep stopped early; the retry finishes it');
    return result;
  },
});

export function sweepCron(config: Config): string | undefined {
  const { intervalMs } = config.fileSweep;
  if (intervalMs <= 0) return undefined;
  return intervalMs < 3_600_000 ? '* * * * *' : '0 * * * *';
}

/** When the last sweep that did sweep (not a skipped tick) started. */
async function lastSweepStart(db: Db): Promise<Date | null> {
  const { rows } = (await db.execute(sql`
    select max(started_on) as at from (
      select started_on, output from pgboss.job where name = 'files.sweep' and state = 'completed'
      union all
      select started_on, output from pgboss.archive where name = 'files.sweep' and state = 'completed'
    ) s where s.output -> 'result' ? 'scanned'`)) as unknown as {
    rows: { at: string | Date | null }[];
  };
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
