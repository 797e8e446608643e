import type { ApiError } from '@bo/contract';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';

/**
 * What each job kind carries, by kind name. A feature's `<feature>.jobs.ts`
 * adds its own entry by declaration merging, so `enqueue(tx, kind, data)`
 * checks the data against the kind at compile time.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each feature's jobs file
export interface JobDataMap {}

export type JobKindName = keyof JobDataMap & string;

/** Handed to a running job. */
export interface JobContext {
  id: string;
  kind: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** The admin whose action enqueued the job, when there was one. */
  by: number | null;
  deps: Deps;
  /**
   * Aborted when the job should stop early: the server is shutting down past
   * its grace, or the job ran past its time limit. A long job checks it between
   * steps and throws (or returns) when it is set; the job is then run again.
   */
  signal: AbortSignal;
  /** Progress a screen can follow: 0-100 and a short sentence. Cheap to call often. */
  progress(percent: number, message?: string): Promise<void>;
}

export interface JobKind<T = unknown> {
  /** Queue name: `<feature>.<verb>` (letters, digits, dots, dashes, underscores). */
  kind: string;
  /** Runs after the first failure (0 = none); each waits about twice the one before. */
  retryLimit?: number;
  /** Wait before the first retry, in seconds (doubled, with jitter, each time). */
  retryDelaySeconds?: number;
  /** Longest one run may take; past it the run is aborted and counts as failed. */
  expireInSeconds?: number;
  /** Jobs of this kind one process runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for work, in seconds (a local enqueue wakes it at once). */
  pollSeconds?: number;
  /** A cron expression when the kind runs on a schedule; undefined = not scheduled. */
  schedule?(config: Config): string | undefined;
  /** Does the work. Must be idempotent: a job may run again after a crash. */
  run(data: T, ctx: JobContext): Promise<unknown>;
}

/** A failure as a request would answer it: the contract's error shape. */
export type JobError = Pick<ApiError, 'message' | 'code' | 'details'>;

/**
 * Thrown by a job whose work is refused (a bad file, problems in its rows):
 * the job ends `failed` at once, without retries (the same input would be
 * refused again), and GET /jobs/status answers this refusal as its error,
 * with the code and details the request would have answered.
 */
export class JobRefusal extends Error {
  constructor(readonly refusal: JobError) {
    super(refusal.message);
  }
}

/** Identity helper that keeps the data type of a kind. */
export function defineJob<K extends JobKindName>(
  kind: JobKind<JobDataMap[K]> & { kind: K },
): JobKind<JobDataMap[K]> {
  return kind;
}
