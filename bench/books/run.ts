// The books list at catalogue scale: 100,000 books (and 10,000 extra ISBNs)
// made by generate_series, then GET /api/book/getisbn with a search and two
// filters, timed per request through app.inject. In-memory PGlite by
// default; a fresh database on the server of DATABASE_URL when it is set.
// Prints JSON: p50/p95/max in ms per scenario.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { admins, grades, subjects } from '../../apps/api/src/db/schema/index.ts';
import { startSession } from '../../apps/api/src/modules/auth/sessions.service.ts';
import { openTestDatabase } from '../../apps/api/src/test/test-database.ts';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SUBJECTS = ['English', 'Mathematics', 'Science', 'Social Studies', 'Hindi', 'Computers'];

const config = loadConfig({
  DATA_DIR: '/tmp/bo-bench-unused',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
});
const database = await openTestDatabase();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const db = database.db;

const [admin] = await db
  .insert(admins)
  .values({ email: 'bench@example.test', name: 'Bench', role: 'super_admin', status: 'active' })
  .returning({ id: admins.id });
const ctx = {
  adminId: null,
  adminEmail: null,
  ip: '127.0.0.1',
  requestId: 'bench',
  userAgent: null,
};
const { accessToken } = await startSession(app.deps, db, admin!.id, ctx);

const gradeRows = await db.select().from(grades).orderBy(grades.position);
await db
  .insert(subjects)
  .values(
    gradeRows.flatMap((g) => SUBJECTS.map((name, i) => ({ gradeId: g.id, name, position: i + 1 }))),
  );

const seedStart = performance.now();
// ISBN-13: 978 + 9 digits of i + its check digit; titles from words, the
// subject's name and the grade's; status 70% active, 20% draft, 10% inactive.
await db.execute(sql`
  with s as (
    select s.id, s.grade_id, s.name as subject, g.name as grade,
           row_number() over (order by s.id) - 1 as k, count(*) over () as n
    from subjects s join grades g on g.id = s.grade_id
  ), b as (
    select i, '978' || lpad(i::text, 9, '0') as body from generate_series(1, ${BOOKS}) as i
  )
  insert into books (isbn, title, grade_id, subject_id, series, edition, language, status)
  select
    b.body || ((10 - (select sum(substr(b.body, d, 1)::int * case when d % 2 = 1 then 1 else 3 end)
                      from generate_series(1, 12) d) % 10) % 10)::text,
    (array['New', 'Bright', 'Smart', 'Complete', 'Essential', 'Modern', 'Joyful', 'Active'])[1 + b.i % 8]
      || ' ' || s.subject || ' '
      || (array['Workbook', 'Reader', 'Textbook', 'Practice Book', 'Guide', 'Activity Book'])[1 + (b.i / 8) % 6]
      || ' ' || s.grade || ' Part ' || (1 + b.i % 3),
    s.grade_id, s.id,
    (array['Bright Minds', 'Little Scholars', 'Step Ahead', null])[1 + b.i % 4],
    (1 + b.i % 5)::text || 'st ed.',
    case when b.i % 10 = 0 then 'Hindi' else 'English' end,
    case when b.i % 10 < 7 then 'active' when b.i % 10 < 9 then 'draft' else 'inactive' end
  from b join s on s.k = b.i % s.n
`);
await db.execute(sql`
  insert into book_isbns (book_id, isbn)
  select id, '979' || substr(isbn, 4) from books where id % 10 = 0
`);
// As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
await db.execute(sql`vacuum analyze`);
const seedMs = performance.now() - seedStart;

const gradeIds = gradeRows.map((g) => g.id);
const WORDS = ['smart', 'workbook', 'science', 'guide', 'reader', 'joyful', 'part 2', 'math'];
const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;

const scenarios: Record<string, (i: number) => string> = {
  'search + grade + status': (i) =>
    `q=${encodeURIComponent(pick(WORDS, i))}&gradeId=${pick(gradeIds, i * 7)}&status=active`,
  'search + grade + status, sort updatedAt desc, page 3': (i) =>
    `q=${encodeURIComponent(pick(WORDS, i))}&gradeId=${pick(gradeIds, i * 5)}&status=active&sort=updatedAt&order=desc&page=3`,
  'ISBN prefix + status': (i) =>
    `q=978${String(1000 + ((i * 37) % 9000)).padStart(5, '0')}&status=active`,
  'no filter, first page': () => '',
  'search only': (i) => `q=${encodeURIComponent(pick(WORDS, i))}`,
};

async function time(build: (i: number) => string) {
  const ms: number[] = [];
  for (let i = 0; i < 10; i++) await request(build(i)); // warm-up
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await request(build(i));
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) =>
    Number(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

async function request(qs: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/book/getisbn?${qs}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
}

const results: Record<string, unknown> = {};
for (const [name, build] of Object.entries(scenarios)) results[name] = await time(build);

console.log(
  JSON.stringify(
    {
      bench: 'books-list',
      database: database.kind,
      books: BOOKS,
      extraIsbns: BOOKS / 10,
      requestsPerScenario: REQUESTS,
      seedSeconds: Number((seedMs / 1000).toFixed(1)),
      unit: 'ms per request (app.inject, server side)',
      target: 'p95 ≤ 15 ms on PostgreSQL for search + two filters',
      results,
    },
    null,
    2,
  ),
);
await app.close();
await database.close();
