import type { RouteDef } from '@bo/contract';
import type { ImportUploadInput } from './upload-with-progress.ts';
import { uploadWithProgress } from './upload-with-progress.ts';
import { followJob } from './use-job.ts';

/**
 * Every import's upload: the multipart POST with progress, then, when the
 * server answers a `jobId` (a file large enough to be imported by a job),
 * the job followed to its report. The promise settles only when the import
 * is over, so the feature's mutation refreshes its lists after the rows are
 * in, never between the upload and the job's commit.
 */
export async function uploadImport<T extends { jobId?: string | null | undefined }>(
  route: RouteDef,
  input: ImportUploadInput,
  query: Record<string, string | number | boolean> = {},
): Promise<T> {
  const answer = await uploadWithProgress<T>(route, {
    file: input.file,
    query: { ...query, dryRun: input.dryRun },
    onProgress: input.onProgress,
  });
  if (!answer.jobId) return answer;
  return followJob<T>(
    answer.jobId,
    (job) => input.onJob?.(job),
    () => input.isStale?.() ?? false,
  );
}
