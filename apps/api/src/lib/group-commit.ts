/**
 * Group commit: writes that arrive while one is in flight wait and go
 * together in the next statement, so a burst costs a few statements, not
 * one each. Each caller resolves only once its own write is committed.
 * Used where many small independent writes compete for one connection: the
 * QR scans and mail opens and clicks (PGlite runs one statement at a time).
 *
 * The first write waits for the end of the event loop's turn (setImmediate),
 * so the requests read from the network in the same turn go with it. Without
 * that, on PGlite, whose statements run on this thread, each request's write
 * started (and finished) before the next request was even read: batches of
 * one, ~230 mail opens a second at most (docs/performance-log.md, "Mail
 * opens and clicks"). On an idle server that costs well under a millisecond.
 */
export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  maxBatch = 500,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let busy = false;

  const drain = async () => {
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((w) => w.item));
        batch.forEach((w, i) => {
          w.resolve(results[i] as R);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    busy = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (busy) return;
      busy = true;
      setImmediate(() => void drain());
    });
}
