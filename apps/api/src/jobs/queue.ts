import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { FetchOutage } from './fetch-outage.ts';
import type { JobDataMap, JobError, JobKind, JobKindName } from './job.ts';
import { type Executor, executorAdapter } from './tx-sql.ts';
import { KindWorker } from './worker.ts';

export interface EnqueueOptions {
  /** The admin whose action causes the job (who may follow it). */
  by?: number | null;
  /** Start no sooner than this many seconds from now. */
  startAfterSeconds?: number;
  /** This job's time limit, when it differs from its kind's (a big import, say). */
  expireInSeconds?: number;
}

/** How a job's data is stored: the kind's own data, and who caused it. */
export interface StoredJobData<T = unknown> {
  data: T;
  by: number | null;
}

/** What a job's `output` column holds: progress while it runs, then its result or error. */
export interface JobOutput {
  progress: number;
  message: string | null;
  result?: unknown;
  error?: string;
  /** Set when the job refused its work (a `JobRefusal`): the answer a request would have had. */
  refusal?: JobError;
}

/** Seconds the graceful drain waits for running jobs before releasing them. */
const DRAIN_SECONDS = 7;

/**
 * The one job queue: pg-boss on the product's database. Jobs are rows in the
 * `pgboss` schema, written through the caller's transaction; each process runs
 * a worker per kind that takes jobs with `FOR UPDATE SKIP LOCKED`, so a job
 * runs in one process only. See docs/jobs.md.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly kinds: Map<string, JobKind>;
  private workers: KindWorker[] = [];
  private started = false;

  constructor(
    private readonly database: Database,
    kinds: JobKind[],
    private readonly deps: () => Deps,
  ) {
    this.kinds = new Map(kinds.map((k) => [k.kind, k]));
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      // Expired jobs (their process died) go back to the queue within this.
      maintenanceIntervalSeconds: 10,
      // Finished jobs stay on the jobs screen a week, then are deleted.
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
    });
  }

  get kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** The kinds that run on a schedule with this configuration: their finished runs are routine. */
  get scheduledKindNames(): string[] {
    const config = this.deps().config;
    return [...this.kinds.values()].filter((k) => k.schedule?.(config)).map((k) => k.kind);
  }

  /**
   * Installs or upgrades the queue's tables and the kinds' settings, then
   * (unless `work` is false: a process that only enqueues) runs the schedules
   * and a worker per kind.
   */
  async start({ work = true }: { work?: boolean } = {}) {
    if (this.started) return;
    this.boss.on('error', (err) => this.deps().log.error({ err }, 'job queue error'));
    // Processes started together on one PostgreSQL database deadlock when they
    // create the same queues at once: one installs at a time.
    await this.database.exclusively(async () => {
      await this.boss.start();
      for (const k of this.kinds.values()) {
        const options = {
          name: k.kind,
          retryLimit: k.retryLimit ?? 3,
          retryDelay: k.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: k.expireInSeconds ?? 15 * 60,
        };
        await this.boss.createQueue(k.kind, options);
        await this.boss.updateQueue(k.kind, options);
      }
    });
    this.started = true;
    if (!work) return;
    for (const k of this.kinds.values()) {
      const cron = k.schedule?.(this.deps().config);
      if (cron) await this.boss.schedule(k.kind, cron, { data: {}, by: null });
      else await this.boss.unschedule(k.kind);
    }
    // The embedded database has one process: a job still active at start was
    // cut off by a crash and is handed back to the queue now, not after it expires.
    if (this.database.kind === 'pglite')
      await this.releaseActive('The server stopped while it ran');
    const outage = new FetchOutage(this.deps);
    this.workers = [...this.kinds.values()].map(
      (k) => new KindWorker(this.boss, k, this.deps, outage),
    );
    for (const w of this.workers) w.start();
  }

  /**
   * Writes a job through `executor`: pass the transaction of the change that
   * causes the job and the job exists only if that change commits. Returns the
   * job id.
   */
  async enqueue<K extends JobKindName>(
    executor: Executor,
    kind: K,
    data: JobDataMap[K],
    options: EnqueueOptions = {},
  ): Promise<string> {
    if (!this.kinds.has(kind)) throw new Error(`Unknown job kind: ${kind}`);
    const stored: StoredJobData = { data, by: options.by ?? null };
    const id = await this.boss.send(kind, stored, {
      db: executorAdapter(executor),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    });
    if (!id) throw new Error(`The ${kind} job was not queued`);
    if (!options.startAfterSeconds) this.wakeSoon(kind);
    return id;
  }

  /**
   * The job is visible to workers only once its transaction commits, which
   * the queue cannot observe: it looks again a few times in the next few
   * hundred milliseconds (a sign-in code must not wait a whole poll).
   */
  private wakeSoon(kind: string) {
    for (const ms of [5, 30, 150, 400]) {
      setTimeout(() => this.wake(kind), ms).unref();
    }
  }

  /** Makes the idle workers of `kind` (or all) look for work now. */
  wake(kind?: string) {
    for (const w of this.workers) if (!kind || w.kind.kind === kind) w.wake();
  }

  /** Sends a failed (dead) or cancelled job back to the queue. */
  async retry(kind: string, id: string) {
    await this.boss.retry(kind, id);
    await this.boss.resume(kind, id);
    this.wake(kind);
  }

  /**
   * Stops taking jobs and waits for running ones (up to a few seconds);
   * any still running are then told to stop and handed back to the queue, so
   * another process or the next start runs them. Nothing is lost.
   */
  async stop() {
    if (!this.started) return;
    this.started = false;
    await Promise.all(this.workers.map((w) => w.stop(DRAIN_SECONDS * 1000)));
    this.deps().log.info('job queue stopped');
    this.workers = [];
    await this.boss.stop({ graceful: true, close: false, timeout: 1000 });
  }

  private async releaseActive(reason: string) {
    for (const kind of this.kinds.keys()) {
      const { rows } = await this.database.executeSql(
        `select id from pgboss.job where name = $1 and state = 'active'`,
        [kind],
      );
      const output: JobOutput = { progress: 0, message: null, error: reason };
      for (const r of rows) await this.boss.fail(kind, String(r.id), output);
    }
  }
}
