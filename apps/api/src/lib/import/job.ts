import type { ImportReport } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { type JobDataMap, type JobKind, type JobKindName, JobRefusal } from '../../jobs/job.ts';
import { markUnchanged } from '../audit-record.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { UploadedFile } from '../storage/upload.ts';
import type { ImportPhase, ImportRun } from './runner.ts';

/**
 * An import as a job: a file of IMPORT_JOB_MIN_MB or more is not read within
 * the request; the upload answers at once with a job id, a worker runs the
 * SAME entry point the request would have (it takes a stored file key and
 * plain inputs, never the request), and the import screen follows the job
 * through GET /jobs/status like any other job. The job's result is the
 * import's report, as the request would have answered it; a coded refusal (a
 * bad file, problems in rows) fails the job at once (`JobRefusal`, no retry)
 * with the { message, code, details } the request would have answered; a
 * busy server is retried.
 */
export interface ImportJobData<In = unknown> {
  fileKey: string;
  dryRun: boolean;
  input: In;
}

type Entry<In> = (
  deps: Deps,
  input: In,
  run: Omit<ImportRun<In>, 'input'>,
) => Promise<{ rows: number }>;

/** The report an upload answers when its import was queued. */
export const queuedReport = (): ImportReport => ({
  rows: 0,
  valid: 0,
  errors: [],
  committed: false,
});

/** The import kinds whose input is `In` (`toc.import` for the TOC's input, ...). */
type ImportKind<In> = {
  [K in JobKindName]: JobDataMap[K] extends ImportJobData<In> ? K : never;
}[JobKindName];

/** The job kind of one import, beside its feature (`<feature>.jobs.ts`). */
export function importJob<In>(kind: ImportKind<In>, entry: Entry<In>): JobKind<ImportJobData<In>> {
  return {
    kind,
    // Busy (429) is retried; a crash mid-apply rolled back, so a re-run is safe.
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 30 * 60,
    concurrency: 1,
    pollSeconds: 2,
    async run({ fileKey, dryRun, input }, ctx) {
      try {
        return await entry(ctx.deps, input, {
          fileKey,
          dryRun,
          onProgress: (p) => void ctx.progress(...progressOf(p.phase, p.rows)),
        });
      } catch (err) {
        if (!(err instanceof AppError) || err.code === 'imports_busy') throw err;
        const { message, code, details } = err;
        throw new JobRefusal({ message, code, ...(details ? { details } : {}) });
      }
    },
  };
}

const count = (n: number) => n.toLocaleString('en');

function progressOf(phase: ImportPhase, rows: number): [number, string] {
  switch (phase) {
    case 'reading':
      return [10, `Reading the file: ${count(rows)} rows so far`];
    case 'checking':
      return [40, `Checking ${count(rows)} rows`];
    case 'applying':
      return [70, `Importing ${count(rows)} rows`];
    default:
      return [100, `${count(rows)} rows done`];
  }
}

/**
 * Runs the import now, or, for a file of IMPORT_JOB_MIN_MB or more, queues
 * it as `kind` and answers at once: an empty report, the import's own
 * figures as `nothing` (nothing done yet) and the job's id. The job writes
 * the import's audit row when it applies; the request itself changes
 * nothing, which the audit is told.
 */
export async function importNowOrAsJob<K extends JobKindName, R extends ImportReport>(
  deps: Deps,
  ctx: RequestContext,
  job: { kind: K; file: UploadedFile; data: JobDataMap[K] },
  now: () => Promise<R>,
  nothing: Omit<R, keyof ImportReport | 'jobId'>,
): Promise<R> {
  if (job.file.size < deps.config.importJobMinBytes) return now();
  const jobId = await deps.jobs.enqueue(deps.db, job.kind, job.data, { by: ctx.adminId });
  markUnchanged(ctx);
  return { ...queuedReport(), ...nothing, jobId } as unknown as R;
}
