import { inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { ListedFile } from '../../lib/storage/storage.ts';
import { FILE_KEY_COLUMNS } from './files.keys.ts';

export interface SweepResult {
  /** Stored files looked at. */
  scanned: number;
  removed: number;
  removedBytes: number;
  /** Files that could not be removed (left for the next sweep). */
  failed: number;
}

const BATCH = 500;

/**
 * Removes stored files that no row holds and that are older than `graceMs`.
 *
 * Media are uploaded first and added in a second request, so a fresh key
 * legitimately has no row for a while: the grace period (hours) covers that
 * gap and any upload still being added, which is why nothing younger is
 * ever touched. Keys are checked against every column of FILE_KEY_COLUMNS
 * in one query per batch. Two processes may sweep at once: both see the
 * same orphans and deleting a deleted file is not an error. A file that
 * fails to delete is counted and left for the next sweep. When `signal`
 * aborts (shutdown), the sweep ends after the file it is on.
 */
export async function sweepOrphanFiles(
  deps: Pick<Deps, 'db' | 'storage' | 'clock' | 'log'>,
  graceMs: number,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const cutoff = deps.clock().getTime() - graceMs;
  const result: SweepResult = { scanned: 0, removed: 0, removedBytes: 0, failed: 0 };
  let batch: ListedFile[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const held = await heldKeys(
      deps,
      batch.map((f) => f.key),
    );
    for (const file of batch) {
      if (signal?.aborted) break;
      if (held.has(file.key)) continue;
      try {
        await deps.storage.delete(file.key);
        result.removed++;
        result.removedBytes += file.size;
      } catch (err) {
        result.failed++;
        deps.log.warn({ err, key: file.key }, 'file sweep: could not remove an orphan');
      }
    }
    batch = [];
  };
  for await (const file of deps.storage.list()) {
    if (signal?.aborted) break;
    result.scanned++;
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file);
    if (batch.length >= BATCH) await flush();
  }
  if (!signal?.aborted) await flush();
  if (result.removed || result.failed) deps.log.info(result, 'file sweep: orphans removed');
  return result;
}

/** Which of these keys some row holds, across every key column. */
async function heldKeys(deps: Pick<Deps, 'db'>, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all(
    FILE_KEY_COLUMNS.map(({ column }) =>
      deps.db.select({ key: column }).from(column.table).where(inArray(column, keys)),
    ),
  );
  return new Set(found.flat().map((r) => r.key as string));
}
