// Bulk edit at scale, one JSON: BENCH_QUESTIONS (200,000) questions made in
// SQL (bench/questions' generator), BENCH_EDITED (100,000) of them tagged
// so that one filter matches exactly those; then "all that match" re-filed
// to one chapter and made hard as a job (POST /api/bulk-edits/questions,
// followed to its end), and undone (POST /api/bulk-edits/undo). While each
// job runs, the question list's first page is asked again and again
// (GET /api/questions/listofquestions, app.inject, server side). Targets:
// the edit ≤ 30 s, the undo ≤ 30 s, the list's p95 ≤ 100 ms during them,
// on PostgreSQL. In-memory PGlite by default; a fresh database on
// DATABASE_URL's server when set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { dropPostgresDatabase, postgresAdmin } from '../../apps/api/src/test/test-database.ts';
import { openBench, seconds } from '../books/setup.ts';
import { seedCurriculum, seedQuestions } from '../questions/seed.ts';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 200_000);
const EDITED = Number(process.env.BENCH_EDITED ?? 100_000);
const TAG = 'benchbulk';

async function benchDatabase(): Promise<Database | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = `bo_bench_bulk_${randomBytes(4).toString('hex')}`;
  await postgresAdmin(server, (c) => c.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropPostgresDatabase(server, name);
    },
  };
}

const bench = await openBench(await benchDatabase());
const out: Record<string, unknown> = { bench: 'bulk-edit', database: bench.kind };
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

type Edit = {
  id: number;
  state: string;
  changed: number;
  restored: number;
  leftAloneCount: number;
};

/** Polls the bulk edit until `done` (or another end), asking the list meanwhile; the list's timings. */
async function followWhileListing(id: number, until: string[]) {
  const ms: number[] = [];
  let edit: Edit;
  for (;;) {
    const t0 = performance.now();
    await bench.inject({ method: 'GET', url: '/api/questions/listofquestions?page=1&pageSize=20' });
    ms.push(performance.now() - t0);
    edit = (await bench.inject({ method: 'GET', url: `/api/bulk-edits/status?id=${id}` })).json();
    if (until.includes(edit.state)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) =>
    Number(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2));
  return { edit, list: { requests: ms.length, p50: at(0.5), p95: at(0.95), max: at(1) } };
}

try {
  const t0 = performance.now();
  await seedCurriculum(bench);
  out.seed = await seedQuestions(bench, QUESTIONS);
  await bench.db.execute(sql`
    update questions set tags = tags || ${TAG}::text
    where id in (select id from questions order by id limit ${EDITED})`);
  await bench.db.execute(sql`vacuum analyze questions`);
  out.seedSeconds = seconds(t0);
  const [chapter] = rows<{ id: number }>(
    await bench.db.execute(sql`select id from chapters order by id desc limit 1`),
  );
  console.error(JSON.stringify({ seeded: out.seedSeconds }));

  let started = performance.now();
  const edit = (
    await bench.inject({
      method: 'POST',
      url: '/api/bulk-edits/questions',
      payload: {
        selection: { filter: { tag: TAG } },
        set: { chapterId: Number(chapter!.id), difficulty: 'hard' },
      },
    })
  ).json() as Edit;
  const applied = await followWhileListing(edit.id, ['done', 'refused', 'failed']);
  out.edit = {
    target: 'all that match ≤ 30 s as a job; list p95 ≤ 100 ms meanwhile (PostgreSQL)',
    seconds: seconds(started),
    state: applied.edit.state,
    changed: applied.edit.changed,
    listDuringJob: applied.list,
  };
  console.error(JSON.stringify(out.edit));

  started = performance.now();
  await bench.inject({ method: 'POST', url: '/api/bulk-edits/undo', payload: { id: edit.id } });
  const undone = await followWhileListing(edit.id, ['undone']);
  out.undo = {
    target: '≤ 30 s',
    seconds: seconds(started),
    restored: undone.edit.restored,
    leftAlone: undone.edit.leftAloneCount,
    listDuringJob: undone.list,
  };
} finally {
  await bench.close();
}
console.log(JSON.stringify(out, null, 2));
