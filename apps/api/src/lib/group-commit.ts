/**
 * Group commit: writes that arrive while one is in flight wait and go
 * together in the next statement, so a burst costs a few statements, not
 * one each. Nothing is delayed when the database is idle (the first write
 * goes at once), and each caller resolves only once its own write is
 * committed. Used where many small independent writes compete for one
 * connection: the QR scans (PGlite runs one statement at a time).
 */
export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  maxBatch = 500,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let busy = false;

  const drain = async () => {
    busy = true;
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
      if (!busy) void drain();
    });
}
