import type { ImportReport, ImportStatus } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { defineJob, type JobDataMap, type JobKind, type JobKindName } from '../../jobs/job.ts';
import type { JobOutput } from '../../jobs/queue.ts';
import { markUnchanged } from '../../modules/audit/audit.service.ts';
import { AppError, notFound } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { UploadedFile } from '../storage/upload.ts';
import type { ImportPhase, ImportRun } from './pipeline.ts';

/**
 * An import as a job: a file of IMPORT_JOB_MIN_MB or more is not read within
 * the request; the upload answers at once with a job id, a worker runs the
 * SAME entry point the request would have (it takes a stored file key and
 * plain inputs, never the request), and the import screen follows the job
 * through /import/status. A coded refusal (a bad file, problems in rows) is
 * the job's result, not a failure to retry; a busy server is retried.
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

/** What an import job leaves as its result: the answer, or the refusal. */
type Outcome = { answer: unknown } | { refusal: { message: string; code: string } };

/** The report an upload answers when its import was queued. */
export const QUEUED = (): ImportReport => ({ rows: 0, valid: 0, errors: [], committed: false });

/** The job kinds of the imports, for /import/status. */
const importKinds = new Set<string>();

/** The job kind of one import, beside its feature (`<feature>.jobs.ts`). */
export function importJob<K extends JobKindName>(
  kind: K,
  entry: Entry<never>,
): JobKind<JobDataMap[K]> {
  importKinds.add(kind);
  return defineJob({
    kind,
    // Busy (429) is retried; a crash mid-apply rolled back, so a re-run is safe.
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 30 * 60,
    concurrency: 1,
    pollSeconds: 2,
    async run(data, ctx): Promise<Outcome> {
      const { fileKey, dryRun, input } = data as unknown as ImportJobData<never>;
      try {
        const answer = await entry(ctx.deps, input, {
          fileKey,
          dryRun,
          onProgress: (p) => void ctx.progress(...progressOf(p.phase, p.rows)),
        });
        return { answer };
      } catch (err) {
        if (!(err instanceof AppError) || err.code === 'imports_busy') throw err;
        const { message, code, details } = err;
        return { refusal: { message, code, ...(details ? { details } : {}) } };
      }
    },
  } as JobKind<JobDataMap[K]> & { kind: K });
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
 * it as `kind` and answers `queued(jobId)` at once. The job writes the
 * import's audit row when it applies; the request itself changes nothing.
 */
export async function importNowOrAsJob<K extends JobKindName, R>(
  deps: Deps,
  ctx: RequestContext,
  job: { kind: K; file: UploadedFile; data: JobDataMap[K] },
  now: () => Promise<R>,
  queued: (jobId: string) => R,
): Promise<R> {
  if (job.file.size < deps.config.importJobMinBytes) return now();
  const jobId = await deps.jobs.enqueue(deps.db, job.kind, job.data, { by: ctx.adminId });
  markUnchanged(ctx);
  return queued(jobId);
}

/** An import job's state for the admin who started it (or a super admin); 404 for anyone else. */
export async function importStatus(
  deps: Deps,
  admin: { id: number; role: string },
  id: string,
): Promise<ImportStatus> {
  for (const kind of importKinds) {
    const job = await deps.jobs.boss.getJobById<{ by: number | null }>(kind, id, {
      includeArchive: true,
    });
    if (!job) continue;
    if (job.data?.by !== admin.id && admin.role !== 'super_admin') break;
    const output = (job.output ?? {}) as Partial<JobOutput> & { result?: Outcome };
    const base = { progress: output.progress ?? 0, message: output.message ?? null };
    if (job.state === 'created' || job.state === 'retry') {
      return { ...base, state: 'queued', result: null, error: null };
    }
    if (job.state === 'active') return { ...base, state: 'running', result: null, error: null };
    const outcome = output.result;
    if (job.state === 'completed' && outcome && 'answer' in outcome) {
      return {
        ...base,
        state: 'done',
        result: outcome.answer as ImportStatus['result'],
        error: null,
      };
    }
    const error =
      outcome && 'refusal' in outcome
        ? outcome.refusal
        : {
            message: `The import stopped: ${output.error ?? 'it was cancelled'}. Nothing was imported; send the file again.`,
            code: 'import_failed',
          };
    return { ...base, state: 'failed', result: null, error };
  }
  throw notFound('Import');
}
