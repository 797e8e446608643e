/**
 * Long work done in batches (an import's rows, a download's pages, a
 * campaign's mails) leaves each batch behind as garbage, but V8 collects its
 * old space only when that has grown several times over what is live: left
 * alone, a 50,000-row import lifted the server's RSS by ~400 MB of garbage,
 * a 20,000-mail campaign by ~160 MB and a 1,000,000-row CSV by ~165 MB.
 * With the collector exposed (`--expose-gc` in the start script), the
 * function this returns runs a full collection when the heap has grown by
 * HEAP_SLACK since the last one: the import's rise was +196 MB instead of
 * +284 (64 MB) and +440 (none) on the PostgreSQL bench, the CSV's +33 MB,
 * for ~90 ms a collection on the loaded machine. Without it (tests, tsx)
 * nothing changes but the memory.
 */
const HEAP_SLACK = 32 * 1024 * 1024;

/** Call the returned function after each batch. */
export function heapKeeper(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  let floor = process.memoryUsage().heapUsed;
  return () => {
    if (!gc || process.memoryUsage().heapUsed < floor + HEAP_SLACK) return;
    gc();
    floor = process.memoryUsage().heapUsed;
  };
}
