import type { Deps } from '../../deps.ts';
import { AppError } from '../errors.ts';

/**
 * At most IMPORT_CONCURRENCY imports read and check a workbook at once per
 * process (each holds its rows in memory and keeps the CPU busy); one more
 * is refused at once with 429 rather than queued behind them, so the other
 * requests of the server stay quick and the administrator knows to retry.
 */
const running = new WeakMap<Deps, number>();

export function takeImportSlot(deps: Deps): () => void {
  const now = running.get(deps) ?? 0;
  if (now >= deps.config.importConcurrency) {
    throw new AppError(
      429,
      'imports_busy',
      'Other imports are running right now; try again in a few seconds',
      undefined,
      { 'retry-after': '5' },
    );
  }
  running.set(deps, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.set(deps, (running.get(deps) ?? 1) - 1);
  };
}
