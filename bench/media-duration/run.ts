// Media durations, one JSON: each file of the media fixtures
// (apps/api/src/modules/media/fixtures) and of BENCH_FILES (comma-separated
// paths, e.g. a large MP4 made by ffmpeg) read through readDuration with a
// counting RangeReader over the file: the duration, the range reads and the
// bytes they fetched (first call, which also loads the parsers), then the
// median time of BENCH_RUNS (20) more calls in ms. BENCH_DURATION_MODULE
// names another module exporting readDuration (e.g. an older
// media.duration.ts taken out with `git show`), for before/after; a module
// outside the repository resolves its imports from its own folder.
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type ReadDuration = (
  read: (start: number, end: number) => Promise<Buffer>,
  size: number,
  contentType: string,
) => Promise<number | null>;

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '../../apps/api/src/modules/media/fixtures');
const MODULE = path.resolve(
  process.env.BENCH_DURATION_MODULE ||
    path.join(here, '../../apps/api/src/modules/media/media.duration.ts'),
);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

// What the upload sniffing (file-type) stores for each extension.
const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4a': 'audio/x-m4a',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/x-flac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.webm': 'video/webm',
  '.aac': 'audio/aac',
};

const { readDuration } = (await import(MODULE)) as { readDuration: ReadDuration };

async function measure(file: string) {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    let reads = 0;
    let bytes = 0;
    const read = async (start: number, end: number) => {
      const last = Math.min(end, size - 1);
      const buffer = Buffer.alloc(Math.max(0, last - start + 1));
      await handle.read(buffer, 0, buffer.length, start);
      reads++;
      bytes += buffer.length;
      return buffer;
    };
    const duration = await readDuration(read, size, type);
    const perRun = { reads, bytes };
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await readDuration(read, size, type);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const ms = Math.round(times[Math.floor(times.length / 2)]! * 1000) / 1000;
    return { file: path.basename(file), type, size, duration, ...perRun, ms };
  } finally {
    await handle.close();
  }
}

const names = (await readdir(FIXTURES)).filter((n) => TYPES[path.extname(n)]).sort();
const files = [
  ...names.map((n) => path.join(FIXTURES, n)),
  ...(process.env.BENCH_FILES ?? '').split(',').filter(Boolean),
];
const results = [];
for (const file of files) results.push(await measure(file));
console.log(
  JSON.stringify({ module: path.relative(process.cwd(), MODULE), runs: RUNS, results }, null, 2),
);
