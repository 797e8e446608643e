import type { PGlite } from '@electric-sql/pglite';
import { markDatabaseUnreachable } from '../lib/faults.ts';

export type StoppedListener = (err: Error) => void;

/**
 * PostgreSQL answers a fault it cannot recover from in-process (the
 * write-ahead log cannot be written, as on a full disk) with a PANIC: a real
 * server then restarts its backends and replays the log. PGlite is that
 * backend in our process and does neither: after a PANIC its next query never
 * answers. So the first PANIC stops the embedded database for good: every
 * later query fails at once as "database unavailable" (503, never a hang),
 * and `onStopped` tells the server, which exits non-zero for its supervisor
 * to restart it once the disk has room (what was committed is replayed from
 * the log then). docs/operations.md, "When a disk is full".
 */
export function stopOnPanic(client: PGlite, onStopped: StoppedListener) {
  let stopped: Error | undefined;
  const guard =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (stopped)
        throw markDatabaseUnreachable(
          new Error('The embedded database has stopped', { cause: stopped }),
        );
      try {
        return await run(...args);
      } catch (err) {
        if ((err as { severity?: unknown }).severity === 'PANIC' && !stopped) {
          stopped = err as Error;
          onStopped(stopped);
        }
        throw err;
      }
    };
  // Every query, in a transaction or not, goes through one of these two.
  client.execProtocol = guard(client.execProtocol.bind(client));
  client.execProtocolStream = guard(client.execProtocolStream.bind(client));
  return {
    /** The PANIC that stopped it, if it has stopped: closing it then would never end. */
    get stopped() {
      return stopped;
    },
  };
}
