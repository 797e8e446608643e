import type { ImportStatus } from '@bo/contract';
import { importRoutes } from '@bo/contract/imports';
import { apiCall } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';

/** How often a queued import is asked how it is doing. */
const POLL_MS = 1000;

/**
 * A large file's import runs as a job on the server: its upload answers a
 * `jobId`. This follows the job (GET /import/status) until it ends, telling
 * `onStatus` its progress, and answers the import's report, or throws the
 * refusal the request would have answered.
 */
export async function followImportJob<R>(
  jobId: string,
  onStatus: (status: ImportStatus) => void,
  isStale: () => boolean,
): Promise<R> {
  for (;;) {
    const status = await apiCall(importRoutes.importStatus, { query: { id: jobId } });
    if (isStale()) throw new ApiError(409, 'A newer file was picked', 'stale');
    onStatus(status);
    if (status.state === 'done') return status.result as R;
    if (status.state === 'failed') {
      const e = status.error ?? { message: 'The import stopped', code: 'import_failed' };
      throw new ApiError(400, e.message, e.code, e.details ?? []);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
