import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * An import above IMPORT_JOB_MIN_MB runs as a job: the upload answers a job
 * id at once, a worker runs the same import, and GET /jobs/status follows it
 * to its result, the import's report, or to its error, the refusal the
 * request would have answered (failed at once, never retried).
 */

let t: TestApp;
let token: string;
let other: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-import-job-'));

beforeAll(async () => {
  // 0 MB: every import is a job.
  t = await createTestApp({ DATA_DIR: dataDir, IMPORT_JOB_MIN_MB: '0' });
  const a = await t.createAdmin({ modules: ['books'] });
  token = (await t.signIn(a.email)).accessToken;
  const b = await t.createAdmin({ modules: ['books'] });
  other = (await t.signIn(b.email)).accessToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function catalogue(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Books');
  ws.addRow(['ISBN', 'Title', 'Status']);
  for (const r of rows) ws.addRow(r);
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'catalogue.xlsx');
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

async function send(rows: unknown[][], dryRun: boolean) {
  const { payload, type } = await catalogue(rows);
  const res = await t.as(token, {
    method: 'POST',
    url: `/api/book/uploadbookcatalog?dryRun=${dryRun}`,
    payload,
    headers: { 'content-type': type },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const status = (id: string, tk = token) =>
  t.as(tk, { method: 'GET', url: `/api/jobs/status?id=${id}` });

/** Polls until the job has ended, as the import screen does. */
async function settled(id: string) {
  const seen: string[] = [];
  for (let i = 0; i < 300; i++) {
    const res = await status(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    seen.push(body.state);
    if (body.state === 'completed' || body.state === 'failed') return { ...body, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the import job never ended: ${seen.join(', ')}`);
}

describe('an import run as a job', () => {
  it('answers a job id at once, then the job imports every row and reports it', async () => {
    const queued = await send(
      [
        ['9780306406157', 'Numbers Everywhere', 'active'],
        ['978-1-4028-9462-6', 'Second Book', 'draft'],
      ],
      false,
    );
    expect(queued).toMatchObject({ rows: 0, valid: 0, committed: false, created: 0 });
    expect(queued.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const done = await settled(queued.jobId);
    expect(done).toMatchObject({
      kind: 'books.import',
      state: 'completed',
      progress: 100,
      error: null,
      result: { rows: 2, valid: 2, errors: [], committed: true, created: 2 },
    });
    const list = await t.as(token, { method: 'GET', url: '/api/book/getisbn?sort=isbn' });
    expect(list.json().total).toBe(2);
    // The job wrote the import's audit row, under the request that started it.
    const rows = await t.app.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'books_imported'));
    expect(rows).toHaveLength(1);
  });

  it('a dry run as a job reports every problem; a refused commit fails with its code', async () => {
    const bad = [['978-0-306-40615-8', 'Bad digit', 'lost']];
    const dry = await settled((await send(bad, true)).jobId);
    expect(dry.state).toBe('completed');
    expect(dry.result.errors.map((e: { column: string }) => e.column)).toEqual(['ISBN', 'Status']);
    const refused = await settled((await send(bad, false)).jobId);
    expect(refused).toMatchObject({
      state: 'failed',
      result: null,
      error: {
        code: 'import_invalid',
        message: expect.stringMatching(/nothing was imported/),
        // Every problem, as the upload's own 400 would list them.
        details: [
          { path: 'rows.2.ISBN', message: expect.any(String) },
          { path: 'rows.2.Status', message: expect.any(String) },
        ],
      },
      // A refusal is final: the same file would be refused again.
      attempts: 1,
    });
  });

  it('another admin cannot follow it (404); an unknown id is 404, a malformed one 400', async () => {
    const { jobId } = await send([['9780131103627', 'Mine', 'draft']], true);
    expect((await status(jobId, other)).statusCode).toBe(404);
    expect((await status('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await status('nope')).statusCode).toBe(400);
    await settled(jobId);
  });
});
