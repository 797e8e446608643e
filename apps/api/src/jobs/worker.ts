import type PgBoss from 'pg-boss';
import type { Deps } from '../deps.ts';
import type { FetchOutage } from './fetch-outage.ts';
import { type JobContext, type JobKind, JobRefusal } from './job.ts';
import type { JobOutput, StoredJobData } from './queue.ts';

/** Running jobs write their progress at most this often (the last write always goes). */
const PROGRESS_EVERY_MS = 250;

interface Running {
  id: string;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * The worker of one job kind in this process: `concurrency` loops that each
 * take one job, run it and record the outcome (awaited, so a drained job is
 * never left half-recorded). Idle loops sleep `pollSeconds` or until woken.
 */
export class KindWorker {
  private stopping = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  private running = new Map<string, Running>();

  constructor(
    private readonly boss: PgBoss,
    readonly kind: JobKind,
    private readonly deps: () => Deps,
    private readonly outage: FetchOutage,
  ) {}

  start() {
    for (let i = 0; i < (this.kind.concurrency ?? 1); i++) this.loops.push(this.loop());
  }

  wake() {
    for (const s of this.sleepers) s();
  }

  /** No new jobs; waits up to `graceMs` for running ones, then aborts and releases them. */
  async stop(graceMs: number) {
    this.stopping = true;
    this.wake();
    const drained = Promise.all(this.loops);
    if ((await raceTimeout(drained, graceMs)) === 'late') {
      for (const r of this.running.values()) {
        r.abort.abort(new Error('The server is shutting down'));
        await this.release(r.id);
      }
    }
    await raceTimeout(drained, 1000);
  }

  private async loop() {
    while (!this.stopping) {
      let job: PgBoss.JobWithMetadata<StoredJobData> | undefined;
      // pg-boss answers "no job" when its fetch query fails: the error is caught on the way.
      let failure: unknown;
      const db = this.boss.getDb();
      try {
        [job] = await this.boss.fetch<StoredJobData>(this.kind.kind, {
          includeMetadata: true,
          batchSize: 1,
          db: {
            executeSql: (text, values) =>
              db.executeSql(text, values).catch((err: unknown) => {
                failure = err;
                throw err;
              }),
          },
        });
      } catch (err) {
        failure = err;
      }
      if (failure) this.outage.failed(failure, this.kind.kind);
      else this.outage.succeeded();
      if (job) await this.run(job);
      else await this.sleep((this.kind.pollSeconds ?? 2) * 1000);
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      // A fetch that was under way when stop() woke the sleepers must not start a nap.
      if (this.stopping) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async run(job: PgBoss.JobWithMetadata<StoredJobData>) {
    const deps = this.deps();
    const abort = new AbortController();
    const expireMs = Number(job.expireInSeconds) * 1000;
    const expiry = setTimeout(
      () => abort.abort(new Error(`The job ran longer than ${Math.round(expireMs / 1000)} s`)),
      expireMs,
    );
    const ctx: JobContext = {
      id: job.id,
      kind: job.name,
      attempt: job.retryCount + 1,
      by: job.data?.by ?? null,
      deps,
      signal: abort.signal,
      progress: (percent, message) => progress.write(percent, message),
    };
    const progress = this.progressWriter(job.id);
    const done = (async () => {
      try {
        const result = await this.kind.run(job.data?.data, ctx);
        const output: JobOutput = { progress: 100, message: progress.message, result };
        await this.boss.complete(this.kind.kind, job.id, output);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const output: JobOutput = { progress: progress.percent, message: progress.message, error };
        if (err instanceof JobRefusal) {
          // Refused input: no retry would change the answer, so this try is the last.
          output.refusal = err.refusal;
          deps.log.info({ kind: job.name, jobId: job.id, code: err.refusal.code }, 'job refused');
        } else {
          deps.log.error(
            { err, kind: job.name, jobId: job.id, attempt: ctx.attempt },
            'job failed',
          );
        }
        await this.recordFailure(job.id, output, err instanceof JobRefusal).catch((e) => {
          deps.log.error({ err: e, jobId: job.id }, 'could not record a job failure');
        });
      } finally {
        clearTimeout(expiry);
      }
    })();
    this.running.set(job.id, { id: job.id, abort, done });
    try {
      await done;
    } finally {
      this.running.delete(job.id);
    }
  }

  /** Progress lands in the job's `output` while it runs; throttled, the last value always written. */
  private progressWriter(id: string) {
    let last = 0;
    const state = {
      percent: 0,
      message: null as string | null,
      write: async (percent: number, message?: string) => {
        state.percent = Math.max(0, Math.min(100, Math.round(percent)));
        if (message !== undefined) state.message = message.slice(0, 200);
        const now = Date.now();
        if (state.percent < 100 && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        const output: JobOutput = { progress: state.percent, message: state.message };
        await this.boss
          .getDb()
          .executeSql(
            `update pgboss.job set output = $3::jsonb where name = $1 and id = $2 and state = 'active'`,
            [this.kind.kind, id, JSON.stringify(output)],
          );
      },
    };
    return state;
  }

  /** Fails the run: retried while tries remain, unless `final` (then `failed` at once). */
  private async recordFailure(id: string, output: JobOutput, final: boolean) {
    if (final) {
      await this.boss
        .getDb()
        .executeSql(
          `update pgboss.job set retry_limit = retry_count where name = $1 and id = $2 and state = 'active'`,
          [this.kind.kind, id],
        );
    }
    await this.boss.fail(this.kind.kind, id, output);
  }

  /** Back to the queue without counting the run as an attempt: it did not fail. */
  private async release(id: string) {
    await this.boss.getDb().executeSql(
      `update pgboss.job set state = 'retry', started_on = null, start_after = now(),
           output = jsonb_build_object('message', 'Released at shutdown')
         where name = $1 and id = $2 and state = 'active'`,
      [this.kind.kind, id],
    );
  }
}

/** `work`, or 'late' after `ms`; the timer is cleared either way, so a closed app leaves none behind. */
async function raceTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => {
    timer = setTimeout(() => r('late'), ms).unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
