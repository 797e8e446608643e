/**
 * Long work that reads in batches (an import's rows, a download's pages)
 * leaves each batch behind as garbage, but V8 collects its old space only
 * when that has grown several times over what is live: left alone, a
 * 50,000-row import lifted the server's RSS by ~400 MB of garbage, and a
 * 1,000,000-row CSV by ~165 MB. With the collector exposed (`--expose-gc`
 * in the start script), `heapKeeper()` gives a function to call after each
 * batch: a full collection runs whenever the heap has grown by HEAP_SLACK
 * since the last one (+196 MB instead of +284 with 64 MB, +440 with none,
 * on the PostgreSQL import bench; ~90 ms a collection on the loaded
 * machine). Without it (tests, tsx) nothing changes but the memory.
 */
const HEAP_SLACK = 32 * 1024 * 1024;

export function heapKeeper(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  let floor = process.memoryUsage().heapUsed;
  return () => {
    if (!gc || process.memoryUsage().heapUsed < floor + HEAP_SLACK) return;
    gc();
    floor = process.memoryUsage().heapUsed;
  };
}
