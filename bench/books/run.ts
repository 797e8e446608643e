// The books benchmarks, one JSON: the list at catalogue scale (list.ts), the
// catalogue import (import.ts) and a 1,000-node TOC read (toc.ts), on
// in-memory PGlite or, with DATABASE_URL, a fresh database on that server.
// BENCH_PARTS=list,import,toc picks parts (all by default).
import { benchImport } from './import.ts';
import { benchList, seedBooks, titleSearchPlans } from './list.ts';
import { openBench } from './setup.ts';
import { benchToc } from './toc.ts';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const TOC_READS = Number(process.env.BENCH_TOC_READS ?? 50);
const parts = new Set((process.env.BENCH_PARTS ?? 'list,import,toc').split(','));

const bench = await openBench();
const out: Record<string, unknown> = { bench: 'books', database: bench.kind };
try {
  // The catalogue is seeded first in every case: imports and TOCs run beside 100k books.
  out.catalogue = {
    books: BOOKS,
    extraIsbns: BOOKS / 10,
    seedSeconds: await seedBooks(bench, BOOKS),
  };
  if (parts.has('list')) {
    out.list = {
      unit: 'ms per GET /api/book/getisbn (app.inject, server side)',
      target: 'p95 ≤ 15 ms on PostgreSQL for search + two filters',
      requestsPerScenario: REQUESTS,
      results: await benchList(bench, REQUESTS),
      titleSearchPlans: await titleSearchPlans(bench),
    };
  }
  if (parts.has('import')) {
    out.import = {
      unit: 'seconds per POST /api/book/uploadbookcatalog of the whole file (upload, parse, checks, insert)',
      target: '≤ 5 s for 10,000 rows',
      ...(await benchImport(bench, IMPORT_ROWS)),
    };
  }
  if (parts.has('toc')) {
    out.toc = {
      unit: 'ms per GET /api/book/gettocbyisbn (app.inject, server side)',
      target: '≤ 50 ms for 1,000 nodes',
      ...(await benchToc(bench, TOC_READS)),
    };
  }
} finally {
  await bench.close();
}
console.log(JSON.stringify(out, null, 2));
