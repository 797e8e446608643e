// The command palette at scale, one JSON: BENCH_BOOKS (100,000) books,
// BENCH_QUESTIONS (1,000,000) questions, BENCH_LEARNERS (100,000) learners and
// BENCH_ASSESSMENTS (2,000) assessments made in SQL (the books and question
// benches' generators), then GET /api/search/palette as a super admin (every
// kind searched) through app.inject, BENCH_REQUESTS (50) times per query over
// a spread of queries: ISBNs, title words, question words frequent to rare,
// names, e-mails, phone digits, two-letter queries and a query that finds
// nothing. Target: p95 ≤ 50 ms on PostgreSQL. In-memory PGlite by default; a
// fresh database on DATABASE_URL's server when set (dropped afterwards). On
// the slowest query, each kind's query is timed alone too.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { dropPostgresDatabase, postgresAdmin } from '../../apps/api/src/test/test-database.ts';
import { seedBooks } from '../books/list.ts';
import { openBench, seconds } from '../books/setup.ts';
import { seedCurriculum, seedQuestions } from '../questions/seed.ts';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1_000_000);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const ASSESSMENTS = Number(process.env.BENCH_ASSESSMENTS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
/** BENCH_KEEP=1 keeps the PostgreSQL database; BENCH_REUSE=<its name> measures on it again without seeding. */
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE = process.env.BENCH_REUSE;

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Kabir',
  'Isha',
  'Arjun',
  'Diya',
];
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Khan', 'Singh', 'Das', 'Nair', 'Joshi'];
const sqlList = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Learners with names from two pools and a number, e-mails from the name, Indian mobile numbers. */
async function seedLearners(bench: Awaited<ReturnType<typeof openBench>>, n: number) {
  await bench.db.execute(
    sql.raw(`insert into learners (uid, name, email, phone, registered_at, profile_at)
      select gen_random_uuid(),
        (${sqlList(FIRST)})[1 + i % 10] || ' ' || (${sqlList(LAST)})[1 + (i / 10) % 10] || ' ' || i,
        lower((${sqlList(FIRST)})[1 + i % 10] || '.' || (${sqlList(LAST)})[1 + (i / 10) % 10]) || i || '@example.test',
        '+9198' || lpad(i::text, 8, '0'),
        now() - (i % 700) * interval '1 day', now()
      from generate_series(1, ${n}) i`),
  );
}

async function seedAssessments(bench: Awaited<ReturnType<typeof openBench>>, n: number) {
  await bench.db.execute(
    sql.raw(`insert into assessments (kind, name, status)
      select (array['practice','mock_test','diagnostic','video_quiz'])[1 + i % 4],
        (array['Chapter test','Unit quiz','Revision','Final mock','Weekly practice'])[1 + i % 5]
          || ' ' || (array['Science','Mathematics','English','History','Geography'])[1 + (i / 5) % 5] || ' ' || i,
        (array['draft','active','inactive'])[1 + i % 3]
      from generate_series(1, ${n}) i`),
  );
}

/**
 * On PostgreSQL a database of the bench's own name (not the tests' bo_test_
 * prefix, which test runs may sweep), dropped at the end; PGlite in memory
 * otherwise.
 */
async function benchDatabase(): Promise<Database | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = REUSE ?? `bo_bench_palette_${randomBytes(4).toString('hex')}`;
  if (!REUSE) await postgresAdmin(server, (c) => c.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      if (!KEEP && !REUSE) await dropPostgresDatabase(server, name);
    },
  };
}

const bench = await openBench(await benchDatabase());
const out: Record<string, unknown> = { bench: 'palette', database: bench.kind };
try {
  out.seed = REUSE ? { reused: REUSE } : await seedAll();
  out.sizes = {
    books: await countRows('books'),
    questions: await countRows('questions'),
    learners: await countRows('learners'),
    assessments: await countRows('assessments'),
  };
  console.error(JSON.stringify({ seed: out.seed, sizes: out.sizes }));

  const [someIsbn] = (
    (await bench.db.execute(
      sql`select isbn from books where id % 7919 = 3 limit 1`,
    )) as unknown as {
      rows: { isbn: string }[];
    }
  ).rows;
  const queries = [
    someIsbn!.isbn, // a whole ISBN
    '978-0000-12', // an ISBN prefix, hyphenated
    'smart', // a title word in 1 of 8 books
    'science guide',
    'water', // frequent question word
    'photo',
    'triangle',
    'equat',
    'mitochondria', // rare
    'poly',
    'priya sharma', // learner name, 1 in 100
    'rohan.iyer4', // e-mail prefix
    '9800012', // phone digits
    'weekly practice', // assessments
    'ph', // two letters
    'ma',
    'zq', // two letters, nothing
    'zzqxv', // nothing anywhere
  ];
  const perQuery: Record<string, { p50: number; p95: number; max: number; found: number }> = {};
  const all: number[] = [];
  for (const q of queries) {
    const url = `/api/search/palette?q=${encodeURIComponent(q)}&limit=5`;
    const run = () => bench.inject({ method: 'GET', url });
    for (let i = 0; i < 3; i++) await run(); // warm-up, untimed
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await run();
      ms.push(performance.now() - t0);
    }
    all.push(...ms);
    const groups = ((await run()).json() as { groups: { results: unknown[] }[] }).groups;
    perQuery[q] = { ...figures(ms), found: groups.reduce((n, g) => n + g.results.length, 0) };
  }
  const slowest = Object.entries(perQuery).sort((a, b) => b[1].p95 - a[1].p95)[0]![0];
  out.palette = {
    unit: 'ms per GET /api/search/palette (app.inject, server side), super admin: every kind, limit 5',
    target: 'p95 ≤ 50 ms on PostgreSQL',
    requestsPerQuery: REQUESTS,
    overall: { ...figures(all), requests: all.length },
    perQuery,
    slowestQueryByKind: { q: slowest, ...(await timeKinds(slowest)) },
  };
} finally {
  await bench.close();
}
console.log(JSON.stringify(out, null, 2));

/** Every table of the palette at its size, in SQL, then analysed as autovacuum would leave it. */
async function seedAll() {
  const started = performance.now();
  const booksSeconds = await seedBooks(bench, BOOKS);
  await seedCurriculum(bench);
  const questions = await seedQuestions(bench, QUESTIONS);
  const t0 = performance.now();
  await seedLearners(bench, LEARNERS);
  await seedAssessments(bench, ASSESSMENTS);
  await bench.db.execute(sql`vacuum analyze learners`);
  await bench.db.execute(sql`vacuum analyze assessments`);
  const learnersAndAssessmentsSeconds = seconds(t0);
  return { booksSeconds, questions, learnersAndAssessmentsSeconds, totalSeconds: seconds(started) };
}

async function countRows(table: string) {
  const res = (await bench.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
}

/** p50/p95/max of a set of timings, in ms. */
function figures(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** Each kind's query alone for `q` (median of 10 runs, ms): which kind a slow answer waits for. */
async function timeKinds(q: string) {
  const k = await import('../../apps/api/src/modules/search/search.queries.ts');
  const kinds = {
    books: k.searchBooks,
    questions: k.searchQuestions,
    assessments: (db: typeof bench.db, text: string, n: number) =>
      k.searchAssessments(db, text, ['practice', 'mock_test', 'diagnostic', 'video_quiz'], n),
    learners: k.searchLearners,
    admins: k.searchAdmins,
  };
  const medians: Record<string, number> = {};
  for (const [name, run] of Object.entries(kinds)) {
    const ms: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await run(bench.db, q, 5);
      ms.push(performance.now() - t0);
    }
    medians[name] = figures(ms).p50;
  }
  return medians;
}
