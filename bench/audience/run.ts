// Audiences, one JSON: BENCH_LEARNERS (100,000) learners made in SQL (grades,
// states, cities, registration and last-activity spread; a redemption for
// about half of them), then the audience count `/mail/getusersbycategory`
// timed BENCH_RUNS (30) times per audience shape: p50/p95/max in ms (target
// p95 ≤ 200 ms). On PostgreSQL (DATABASE_URL) each shape's plan is printed
// too (EXPLAIN ANALYZE, to stderr), so a sequential scan that grows shows.
import { books } from '../../apps/api/src/db/schema/index.ts';
import { openBench, seconds, timeEach } from '../books/setup.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const bench = await openBench();
const { db, gradeRows } = bench;
try {
  const bookRows = await db
    .insert(books)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        isbn: `97800000${String(i).padStart(4, '0')}0`.slice(0, 13),
        title: `Bench book ${i + 1}`,
        language: 'English',
        status: 'active' as const,
      })),
    )
    .returning({ id: books.id });
  const gradeIds = gradeRows.map((g) => g.id);
  const bookIds = bookRows.map((b) => b.id);
  const t0 = performance.now();
  await bench.app.deps.database.executeSql(
    `insert into learners (uid, name, email, grade_id, city, state, registered_at, last_active_at, profile_at)
     select gen_random_uuid(), 'Learner ' || i, 'learner' || i || '@example.test',
       ($1::bigint[])[1 + floor(random() * array_length($1::bigint[], 1))::int],
       (array['Pune','Mumbai','Lucknow','Delhi','Chennai','Jaipur'])[1 + i % 6],
       (array['Maharashtra','Maharashtra','Uttar Pradesh','Delhi','Tamil Nadu','Rajasthan'])[1 + i % 6],
       now() - (i % 700) * interval '1 day',
       case when i % 10 = 0 then null else now() - floor(random() * 90) * interval '1 day' end,
       now()
     from generate_series(1, $2::int) i`,
    [gradeIds, LEARNERS],
  );
  await bench.app.deps.database.executeSql(
    `insert into learner_redemptions (event_id, learner_id, book_id, code, at)
     select gen_random_uuid(), l.id, ($1::bigint[])[1 + floor(random() * array_length($1::bigint[], 1))::int],
       'C' || l.id, now() - interval '1 day'
     from learners l where l.id % 2 = 0`,
    [bookIds],
  );
  await bench.app.deps.database.executeSql('analyze learners; analyze learner_redemptions');
  const setupSeconds = seconds(t0);

  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = Array.from({ length: 1000 }, (_, i) =>
    i % 2 ? `learner${i * 97}@example.test` : String(1 + i * 89),
  );
  const shapes: Record<string, object> = {
    all: { kind: 'all' },
    grade: { kind: 'filter', filters: { gradeIds: gradeIds.slice(0, 2) } },
    book: { kind: 'filter', filters: { bookIds: bookIds.slice(0, 1) } },
    stateCity: { kind: 'filter', filters: { states: ['Maharashtra'], cities: ['Pune'] } },
    registered: { kind: 'filter', filters: { registeredFrom: day(60), registeredTo: day(30) } },
    inactive: { kind: 'filter', filters: { inactiveForDays: 60 } },
    combined: {
      kind: 'filter',
      filters: {
        gradeIds: gradeIds.slice(0, 4),
        bookIds: bookIds.slice(0, 5),
        states: ['Maharashtra'],
        activeWithinDays: 30,
      },
    },
    list1000: { kind: 'list', entries: list },
  };
  const figures: Record<string, { count: number; p50: number; p95: number; max: number }> = {};
  for (const [name, audience] of Object.entries(shapes)) {
    let count = 0;
    const times = await timeEach(
      RUNS,
      async () => {
        const res = await bench.inject({
          method: 'POST',
          url: '/api/mail/getusersbycategory',
          payload: { audience },
        });
        count = res.json().count;
      },
      3,
    );
    figures[name] = { count, ...times };
  }
  if (bench.kind === 'postgres') {
    const { audienceCondition } = await import('../../apps/api/src/lib/audience.ts');
    const { sql } = await import('drizzle-orm');
    const { learners } = await import('../../apps/api/src/db/schema/index.ts');
    for (const [name, audience] of Object.entries(shapes)) {
      if (name === 'list1000') continue;
      const plan = await db.execute(
        sql`explain analyze select count(*) from ${learners} where ${audienceCondition(audience as never, new Date())}`,
      );
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
        (r) => Object.values(r)[0],
      );
      process.stderr.write(`\n# ${name}\n${lines.join('\n')}\n`);
    }
  }
  console.log(
    JSON.stringify(
      {
        bench: 'audience',
        database: bench.kind,
        learners: LEARNERS,
        setupSeconds,
        targetP95Ms: 200,
        shapes: figures,
      },
      null,
      2,
    ),
  );
} finally {
  await bench.close();
}
