import type { Deps } from '../../deps.ts';
import { sweepOrphanFiles } from './files.sweep.ts';

type SweepDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'log'>;

/**
 * The server's orphan sweep: once a minute after start, then every
 * `intervalMs` (0 = never). One sweep at a time; `stop` clears the timers,
 * tells a sweep in progress to end after the file it is on and waits for it,
 * so shutdown never closes the database under it and a long sweep does not
 * hold shutdown past its 10 s. Timers are unref'd: they never keep the
 * process alive.
 */
export function scheduleFileSweep(
  deps: SweepDeps,
  opts: { graceMs: number; intervalMs: number; firstDelayMs?: number },
) {
  if (opts.intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = sweepOrphanFiles(deps, opts.graceMs, stopping.signal)
      .catch((err) => deps.log.error({ err }, 'file sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, opts.firstDelayMs ?? 60_000);
  const every = setInterval(run, opts.intervalMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
