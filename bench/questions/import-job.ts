// The 50,000-row question import against the real server: the compiled API
// in its own process (support/api-process.ts, as `npm start` runs it) on a
// fresh database (PGlite on disk, or a new database on the server of
// DATABASE_URL, dropped afterwards). An XLSX of BENCH_IMPORT_ROWS realistic
// questions of every type (math, Hindi, tags, curriculum by name) with the
// template's headers is POSTed to /api/excelimport/questionimport as a dry
// run, then committed; above IMPORT_JOB_MIN_MB each runs as a job, followed
// on /api/jobs/status to its end. Prints seconds per step (upload to the
// job's end) and how far the server's RSS (from /proc) rises above its idle
// figure, sampled every 100 ms. `npm run bench:questions:import -w bench`.
import { buildStale, freshDatabase, startApiServer } from '../support/api-process.ts';
import { api, idleMb, MB, questionXlsx, ROWS, step } from './import-steps.ts';

buildStale('api');
const db = await freshDatabase();
const server = await startApiServer({ ...db.env, ACCESS_TOKEN_TTL: '1d' });
try {
  const bytes = await questionXlsx(server, ROWS);
  const idle = await idleMb(server.pid);
  const dry = await step(server, bytes, true);
  if (dry.report.errors.length || dry.report.valid !== ROWS)
    throw new Error(
      `dry run: ${dry.report.valid}/${ROWS} valid, ${JSON.stringify(dry.report.errors.slice(0, 3))}`,
    );
  const idleAgain = await idleMb(server.pid);
  const commit = await step(server, bytes, false);
  if (commit.report.created !== ROWS) throw new Error(`commit created ${commit.report.created}`);
  const listed = (await (
    await api(server, '/api/questions/listofquestions?pageSize=1&source=xlsx')
  ).json()) as { total: number };
  console.log(
    JSON.stringify(
      {
        bench: 'questions import',
        database: db.kind === 'pglite' ? 'pglite (on disk)' : 'postgres',
        unit: 'seconds from upload to the job answering (POST /api/excelimport/questionimport, then /api/jobs/status); RSS of the server process (/proc)',
        target: '≤ 20 s for dry run and commit together; RSS rise ≤ 150 MB',
        rows: ROWS,
        fileMB: Number((bytes.length / MB).toFixed(2)),
        asJob: dry.asJob && commit.asJob,
        dryRunSeconds: dry.seconds,
        commitSeconds: commit.seconds,
        totalSeconds: Number((dry.seconds + commit.seconds).toFixed(2)),
        idleMB: idle,
        dryRunPeakMB: dry.peak,
        idleBeforeCommitMB: idleAgain,
        commitPeakMB: commit.peak,
        rssRiseMB: Math.max(dry.peak, commit.peak) - idle,
        listTotalAfter: listed.total,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await db.drop();
}
