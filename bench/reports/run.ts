// The reports at scale, one JSON. A fresh database (PGlite by default, a new
// database on DATABASE_URL's server when set) gets BENCH_LEARNERS learners
// and BENCH_EVENTS activity rows over a year, written in SQL (load.ts); the
// aggregates are built (npm run reports:rebuild's function); then the
// compiled server runs in its own process and every report, the dashboard
// and the comparison of 4 books are read over HTTP for a 90-day range
// (p50/p95 ms), and a CSV of at least BENCH_CSV_ROWS sessions is downloaded
// while the server's RSS is sampled.
// Targets: reports and dashboard p95 ≤ 300 ms, 4 books ≤ 500 ms, 1,000,000-row
// CSV ≤ 60 s with RSS ≤ 100 MB above idle. Defaults: 100,000 learners and
// 10,000,000 events on PostgreSQL; 10,000 and 1,000,000 on PGlite.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { rebuildReports } from '../../apps/api/src/modules/reports/reports.aggregate.ts';
import { timeEach } from '../books/setup.ts';
import { buildStale, freshDatabase, rssMb, startApiServer } from '../support/api-process.ts';
import { loadHistory, MIX } from './load.ts';

// BENCH_KEEP=1: the database is kept for the next run, which skips the load.
const fresh = await freshDatabase(process.env.BENCH_KEEP ? 'reports' : undefined);
const onPg = fresh.kind === 'postgres';
const sizes = {
  learners: Number(process.env.BENCH_LEARNERS ?? (onPg ? 100_000 : 10_000)),
  events: Number(process.env.BENCH_EVENTS ?? (onPg ? 10_000_000 : 1_000_000)),
  books: 200,
  days: 365,
};
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? (onPg ? 1_000_000 : 200_000));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
/** BENCH_PARTS=reports or csv: one part only (both by default). */
const PARTS = (process.env.BENCH_PARTS ?? 'reports,csv').split(',');
const log = (m: string) => console.error(`[bench:reports] ${m}`);
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

try {
  const database = await openDatabase(
    onPg
      ? { kind: 'postgres', url: fresh.env.DATABASE_URL!, poolSize: 2 }
      : { kind: 'pglite', dataDir: fresh.env.DATA_DIR!, purpose: 'bench:reports' },
  );
  const loaded = await database.db.execute(sql`select exists (select 1 from learners) as loaded`);
  const reuse = (loaded as unknown as { rows: { loaded: boolean }[] }).rows[0]?.loaded === true;
  // The server signs the bench in through its first-admin set-up, shown only while there is no admin.
  if (reuse) await database.db.execute(sql`truncate admins cascade`);
  const loadStart = performance.now();
  if (!reuse) await loadHistory(database.db, sizes, log);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const rebuildStart = performance.now();
  if (!reuse) {
    await rebuildReports(database.db);
    // Fresh tables: statistics and the visibility map (index-only scans) as autovacuum would leave them.
    await database.db.execute(
      sql`vacuum analyze report_daily, report_learner_days, report_learner_years`,
    );
  }
  const rebuildSeconds = (performance.now() - rebuildStart) / 1000;
  log(
    reuse ? 'kept database: not loaded again' : `aggregates built: ${rebuildSeconds.toFixed(1)} s`,
  );
  await database.close();

  buildStale('api');
  const server = await startApiServer(fresh.env);
  const headers = { authorization: `Bearer ${server.token.access}` };
  const get = async (path: string) => {
    const res = await fetch(`${server.url}/api${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  try {
    const range = `from=${day(-89)}&to=${day(0)}`;
    const reads: Record<string, string> = {
      getuserdatareport: `/reports/getuserdatareport?${range}`,
      'getuserdatareport city=Pune': `/reports/getuserdatareport?${range}&city=Pune`,
      getusersession: `/reports/getusersession?${range}`,
      'getusersession platform=ios': `/reports/getusersession?${range}&platform=ios`,
      getuserredemtionsreports: `/reports/getuserredemtionsreports?${range}`,
      'getuserredemtionsreports bookId': `/reports/getuserredemtionsreports?${range}&bookId=7`,
      downloadfeedback: `/reports/downloadfeedback?${range}`,
      getqrcodereport: `/reports/getqrcodereport?${range}`,
      getisbnanalytics: `/reports/getisbnanalytics?${range}&bookId=7`,
      'getdatabyisbns (4 books)': `/reports/getdatabyisbns?${range}&bookIds=7,8,9,10`,
      'dashboard days=90': '/reports/dashboard?days=90',
      assessmentresults: `/reports/assessmentresults?${range}&assessmentId=1`,
    };
    const timings: Record<string, { p50: number; p95: number; max: number }> = {};
    for (const [name, path] of Object.entries(PARTS.includes('reports') ? reads : {})) {
      timings[name] = await timeEach(REQUESTS, () => get(path).then((r) => r.arrayBuffer()), 3);
      log(`${name}: p95 ${timings[name].p95} ms`);
    }

    // The CSV: sessions of enough days to hold CSV_ROWS rows (sessions spread evenly over the year).
    const csv = PARTS.includes('csv') ? await downloadCsv() : null;
    async function downloadCsv() {
      const perDay = (sizes.events * MIX.sessions) / sizes.days;
      const csvDays = Math.min(366, Math.ceil((CSV_ROWS * 1.02) / perDay));
      await new Promise((r) => setTimeout(r, 2000));
      const idle = rssMb(server.pid);
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.pid));
      }, 100);
      const t0 = performance.now();
      const res = await get(
        `/reports/getusersession?from=${day(1 - csvDays)}&to=${day(0)}&format=csv`,
      );
      let lines = 0;
      let bytes = 0;
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const ch of decoder.decode(chunk, { stream: true })) if (ch === '\n') lines++;
      }
      const csvSeconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      return {
        days: csvDays,
        rows: lines - 1,
        megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
        seconds: Number(csvSeconds.toFixed(1)),
        rssIdleMb: idle,
        rssPeakMb: peak,
        rssRiseMb: peak - idle,
      };
    }
    const worst = (pick: (name: string) => boolean) =>
      Math.max(
        ...Object.entries(timings)
          .filter(([n]) => pick(n))
          .map(([, t]) => t.p95),
      );
    console.log(
      JSON.stringify(
        {
          database: fresh.kind,
          sizes,
          loadSeconds: Number(loadSeconds.toFixed(1)),
          aggregatesBuildSeconds: Number(rebuildSeconds.toFixed(1)),
          range90: { from: day(-89), to: day(0) },
          msPerReport: timings,
          worstReportP95: worst(
            (n) => n !== 'getdatabyisbns (4 books)' && n !== 'assessmentresults',
          ),
          fourBooksP95: timings['getdatabyisbns (4 books)']?.p95,
          csv,
          targets: { reportP95Ms: 300, fourBooksMs: 500, csvSeconds: 60, rssRiseMb: 100 },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
} finally {
  await fresh.drop();
}
