import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job.ts';
import { refreshReports } from './reports.aggregate.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    // biome-ignore lint/complexity/noBannedTypes: the refresh takes no data
    'reports.refresh': {};
  }
}

/**
 * Seconds between two refreshes inside one run (REPORTS_REFRESH_SECONDS when
 * set). On PGlite a pass holds the one connection that every other statement
 * (a QR scan, a sign-in) waits for, so it refreshes every 30 s there by
 * default, a third as often; reports still show an event within a minute.
 */
export const refreshEverySeconds = (deps: Deps) =>
  deps.config.reportsRefreshSeconds ?? (deps.database.kind === 'pglite' ? 30 : 10);
/** A run refreshes until this many seconds after it started; the next minute's run takes over. */
const RUN_SECONDS = 50;

/**
 * Keeps the reports' aggregates up to date: pg-boss's cron starts a run each
 * minute (in one process), and the run recomputes the marked days every
 * refreshEverySeconds for about a minute, so an event shows in the reports
 * within ~30 s (PostgreSQL) or a minute (PGlite). Idempotent by nature: days are recomputed whole from the raw
 * rows, and a run cut off (shutdown, crash) leaves its marks in place for the
 * next one.
 */
export const reportsRefreshJob = defineJob({
  kind: 'reports.refresh',
  retryLimit: 1,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  pollSeconds: 2,
  schedule: () => '* * * * *',
  async run(_data, ctx) {
    const stop = AbortSignal.any([ctx.signal, closingOf(ctx.deps)]);
    const started = Date.now();
    let days = 0;
    let passes = 0;
    for (;;) {
      days += await refreshReports(ctx.deps.db);
      passes += 1;
      const every = refreshEverySeconds(ctx.deps);
      if (stop.aborted || Date.now() - started > (RUN_SECONDS - every) * 1000) {
        break;
      }
      await sleep(every * 1000, undefined, { signal: stop }).catch(() => undefined);
      if (stop.aborted) break;
    }
    return { passes, days };
  },
});

/**
 * Per app: aborted when the app begins to close, so a run between two passes
 * ends at once instead of holding the shutdown's job drain for its seconds.
 * The marks it would have taken stay for the next run.
 */
const closing = new WeakMap<Deps, AbortController>();
const closingOf = (deps: Deps) => {
  const controller = closing.get(deps) ?? new AbortController();
  closing.set(deps, controller);
  return controller.signal;
};

export function endRefreshOnClose(app: FastifyInstance, deps: Deps) {
  app.addHook('preClose', (done) => {
    closing.get(deps)?.abort();
    closing.set(deps, abortedController());
    done();
  });
}

function abortedController() {
  const c = new AbortController();
  c.abort();
  return c;
}
