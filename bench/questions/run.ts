// The question bank benchmark, one JSON: BENCH_QUESTIONS questions (1,000,000
// by default) generated in SQL (seed.ts), then the list scenarios and the
// duplicate check at save (list.ts). The 50,000-row XLSX import is its own
// bench against the compiled server (import-job.ts). PGlite in a fresh data
// directory on disk by default (as the server runs it; BENCH_PGLITE=memory
// for in-memory); with DATABASE_URL, a
// fresh database on that server (dropped afterwards).
// BENCH_PARTS=list,duplicates picks parts (all by default).
// BENCH_KEEP=1 keeps the loaded database (its name or directory is printed as
// `kept`); BENCH_REUSE=<database name on DATABASE_URL's server, or PGlite
// directory> opens such a one instead and skips the load (its migrations
// still run, so a new index is built there on open).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { createPostgresDatabase } from '../../apps/api/src/test/test-database.ts';
import { openBench } from '../books/setup.ts';
import { benchDuplicates, benchList } from './list.ts';
import { checkDerived, countQuestions, seedCurriculum, seedQuestions } from './seed.ts';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DUPLICATE_REQUESTS = Number(process.env.BENCH_DUPLICATE_REQUESTS ?? REQUESTS);
const parts = new Set((process.env.BENCH_PARTS ?? 'list,duplicates').split(','));
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE = process.env.BENCH_REUSE;
const SERVER = process.env.DATABASE_URL;

/** The bench's database: fresh (dropped at the end unless kept) or reused (never dropped). */
async function benchDatabase(): Promise<{ database: Database; name: string; label: string }> {
  if (SERVER) {
    if (REUSE) {
      const url = new URL(SERVER);
      url.pathname = `/${REUSE}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
      return { database, name: REUSE, label: 'postgres' };
    }
    const fresh = await createPostgresDatabase(SERVER);
    const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
    const name = new URL(fresh.url).pathname.slice(1);
    const close = async () => {
      await database.close();
      if (!KEEP) await fresh.drop();
    };
    return { database: { ...database, close }, name, label: 'postgres' };
  }
  if (process.env.BENCH_PGLITE === 'memory') {
    return { database: await openDatabase({ kind: 'memory' }), name: 'memory', label: 'pglite' };
  }
  const dir = REUSE ?? mkdtempSync(path.join(tmpdir(), 'bo-bench-questions-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'bench' });
  const close = async () => {
    await database.close();
    if (!KEEP && !REUSE) rmSync(dir, { recursive: true, force: true });
  };
  return { database: { ...database, close }, name: dir, label: 'pglite (on disk)' };
}

const target = await benchDatabase();
const bench = await openBench(target.database);
// Each part is also printed to stderr as it ends, so a run stopped early keeps its figures.
const out: Record<string, unknown> = {
  bench: 'questions',
  database: target.label,
  ...(KEEP || REUSE ? { [REUSE ? 'reused' : 'kept']: target.name } : {}),
};
if (KEEP) console.error(JSON.stringify({ kept: target.name }));
try {
  if (REUSE) out.bank = { questions: await countQuestions(bench), reused: true };
  else {
    await seedCurriculum(bench);
    out.bank = {
      ...(await seedQuestions(bench, QUESTIONS)),
      derivedColumns: await checkDerived(bench),
    };
  }
  console.error(JSON.stringify({ bank: out.bank }));
  if (parts.has('list')) {
    out.list = {
      unit: 'ms per GET /api/questions/listofquestions (app.inject, server side), page size 20',
      target: 'p95 ≤ 30 ms on PostgreSQL for text search + three filters; no scenario above 100 ms',
      requestsPerScenario: REQUESTS,
      ...(await benchList(bench, REQUESTS)),
    };
    console.error(JSON.stringify({ list: out.list }));
  }
  if (parts.has('duplicates')) {
    out.duplicateCheck = {
      unit: 'ms per POST /api/questions/checkduplicates (exact key + near duplicates by trigram similarity)',
      target: 'p95 ≤ 20 ms at a million questions',
      requests: DUPLICATE_REQUESTS,
      ...(await benchDuplicates(bench, DUPLICATE_REQUESTS)),
    };
    console.error(JSON.stringify({ duplicateCheck: out.duplicateCheck }));
  }
} finally {
  await bench.close();
}
console.log(JSON.stringify(out, null, 2));
