// The assessment engine at the size of a long mock test, one JSON: a bank of
// BENCH_QUESTIONS questions (20,000 by default, made in SQL as the question
// bench makes them), then a mock test of BENCH_ITEMS items (500) in
// BENCH_SECTIONS sections (10), and through app.inject (server side):
// - the builder's full read (getmocktestdata: items with their questions);
// - a reorder commit (every item id in a new order);
// - mapping 100 questions in one request (into a fresh test each time);
// - clone of the whole test;
// - activation (the checklist over every item, then the status change).
// In-memory PGlite by default; with DATABASE_URL, a fresh database there.
import { sql } from 'drizzle-orm';
import { openBench, seconds, timeEach } from '../books/setup.ts';
import { seedCurriculum, seedQuestions } from '../questions/seed.ts';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 20_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 500);
const SECTIONS = Number(process.env.BENCH_SECTIONS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);

const bench = await openBench();
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const post = async <T>(url: string, payload: object) =>
  (await bench.inject({ method: 'POST', url: `/api${url}`, payload })).json() as T;
const get = async <T>(url: string) =>
  (await bench.inject({ method: 'GET', url: `/api${url}` })).json() as T;

try {
  const loadStart = performance.now();
  await seedCurriculum(bench);
  await seedQuestions(bench, QUESTIONS);
  const active = rows<{ id: number }>(
    await bench.db.execute(sql`select id from questions where status = 'active' order by id`),
  ).map((r) => Number(r.id));
  if (active.length < ITEMS + 100 * (REQUESTS + 10))
    throw new Error(`The bank has ${active.length} active questions; raise BENCH_QUESTIONS`);
  const loadSeconds = seconds(loadStart);

  const category = await post<{ id: number }>('/master/addtestcategory', { name: 'Bench' });
  const newTest = (name: string) =>
    post<{ id: number }>('/practice/addmocktest', {
      testCategoryId: category.id,
      name,
      durationMinutes: SECTIONS * 20,
      sections: Array.from({ length: SECTIONS }, (_, i) => ({
        name: `Section ${i + 1}`,
        timeLimitMinutes: 20,
      })),
    });
  type Detail = { sections: { id: number }[]; items: { id: number }[] };
  const test = await newTest('Bench mock test');
  const { sections } = await get<Detail>(`/practice/getmocktestdata?id=${test.id}`);
  const perSection = Math.ceil(ITEMS / SECTIONS);
  for (const [i, s] of sections.entries())
    await post('/practice/mocktestquestionmapping', {
      id: test.id,
      sectionId: s.id,
      questionIds: active.slice(i * perSection, Math.min(ITEMS, (i + 1) * perSection)),
    });
  const { items } = await get<Detail>(`/practice/getmocktestdata?id=${test.id}`);

  const read = await timeEach(REQUESTS, () => get(`/practice/getmocktestdata?id=${test.id}`));
  // Each commit moves one item within its section, as one drag does.
  let order = items.map((item) => item.id);
  const reorder = await timeEach(REQUESTS, (i) => {
    const at = (i * 37) % (order.length - 1);
    order = [...order];
    [order[at], order[at + 1]] = [order[at + 1]!, order[at]!];
    return post('/practice/mocktestquestionpriority', { id: test.id, itemIds: order });
  });
  // Each sample maps 100 questions into a fresh test; only the mapping is timed.
  let next = ITEMS;
  const mapMs: number[] = [];
  for (let i = 0; i < Math.min(REQUESTS, 20) + 2; i++) {
    const fresh = await newTest('Bench mapping');
    const ids = active.slice(next, next + 100);
    next += 100;
    const t0 = performance.now();
    await post('/practice/mocktestquestionmapping', { id: fresh.id, questionIds: ids });
    if (i >= 2) mapMs.push(performance.now() - t0);
  }
  mapMs.sort((a, b) => a - b);
  const at = (p: number) =>
    Number(mapMs[Math.min(mapMs.length - 1, Math.floor(p * mapMs.length))]!.toFixed(2));
  const map100 = { p50: at(0.5), p95: at(0.95), max: at(1) };
  const clone = await timeEach(10, () => post('/practice/clonemocktest', { id: test.id }), 1);
  const activate = await timeEach(REQUESTS, async () => {
    await post('/practice/changestatusmocktest', { id: test.id, status: 'active' });
    await post('/practice/changestatusmocktest', { id: test.id, status: 'inactive' });
  });

  console.log(
    JSON.stringify(
      {
        bench: 'assessments',
        database: bench.kind,
        bank: { questions: QUESTIONS, active: active.length, loadSeconds },
        test: { items: items.length, sections: sections.length },
        unit: 'ms per request through app.inject (server side): p50 / p95 / max',
        requests: REQUESTS,
        targets: {
          read: 'p95 ≤ 50',
          reorder: 'p95 ≤ 30',
          map100: '≤ 200',
          clone: '≤ 1000',
          activate: '≤ 100',
        },
        read,
        reorder,
        map100,
        clone,
        /** Activation (checklist + status) then deactivation: two requests per sample. */
        activateAndDeactivate: activate,
      },
      null,
      2,
    ),
  );
} finally {
  await bench.close();
}
