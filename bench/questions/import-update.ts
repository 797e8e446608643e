// Update by import at the size: BENCH_IMPORT_ROWS (50,000) questions
// imported, then their XLSX export (with ID and Updated at) sent back with a
// third of the rows edited (marks and tags), as a dry run and a commit, on
// the compiled server (PGlite on disk, or a new database on DATABASE_URL's
// server). Prints the seconds of each step and the server's RSS rise over
// its settled figure. `npm run bench:questions:update -w bench`.
import ExcelJS from 'exceljs';
import { buildStale, freshDatabase, startApiServer } from '../support/api-process.ts';
import { api, idleMb, MB, questionXlsx, ROWS, step } from './import-steps.ts';

/** The export with every third row's Marks and Tags changed: the rows updated. */
async function editedExport(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const marks = headers.indexOf('Marks');
  const tags = headers.indexOf('Tags');
  let edited = 0;
  ws.eachRow((row, n) => {
    if (n === 1 || n % 3 !== 0) return;
    row.getCell(marks).value = 7;
    row.getCell(tags).value = `${row.getCell(tags).text}, re-filed`;
    edited++;
  });
  return { bytes: Buffer.from(await wb.xlsx.writeBuffer()), edited };
}

buildStale('api');
const db = await freshDatabase();
const server = await startApiServer({ ...db.env, ACCESS_TOKEN_TTL: '1d' });
try {
  const created = await step(server, await questionXlsx(server, ROWS), false);
  if (created.report.created !== ROWS) throw new Error(`seed created ${created.report.created}`);
  const exported = await (
    await api(server, '/api/questions/exportquestions?format=xlsx&sort=createdAt&order=asc')
  ).arrayBuffer();
  const { bytes, edited } = await editedExport(exported);
  const idle = await idleMb(server.pid);
  const dry = await step(server, bytes, true);
  const expected = { updated: edited, unchanged: ROWS - edited, created: 0 };
  const got = dry.report as unknown as typeof expected & { errors: unknown[] };
  if (got.errors.length || got.updated !== edited || got.unchanged !== ROWS - edited)
    throw new Error(`dry run: ${JSON.stringify({ ...got, changes: undefined }).slice(0, 500)}`);
  const commit = await step(server, bytes, false);
  const done = commit.report as unknown as typeof expected;
  if (done.updated !== edited) throw new Error(`commit updated ${done.updated}`);
  console.log(
    JSON.stringify(
      {
        bench: 'questions update by import',
        database: db.kind === 'pglite' ? 'pglite (on disk)' : 'postgres',
        unit: 'seconds from upload to the job answering; RSS of the server process (/proc)',
        target: '≤ 20 s for dry run and commit together; RSS rise ≤ 150 MB',
        rows: ROWS,
        updated: edited,
        fileMB: Number((bytes.length / MB).toFixed(2)),
        asJob: dry.asJob && commit.asJob,
        dryRunSeconds: dry.seconds,
        commitSeconds: commit.seconds,
        totalSeconds: Number((dry.seconds + commit.seconds).toFixed(2)),
        idleMB: idle,
        dryRunPeakMB: dry.peak,
        commitPeakMB: commit.peak,
        rssRiseMB: Math.max(dry.peak, commit.peak) - idle,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await db.drop();
}
