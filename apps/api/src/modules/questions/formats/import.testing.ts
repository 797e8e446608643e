import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { grades, questions, subjects } from '../../../db/schema/index.ts';
import { writeZip } from '../../../lib/zip-writer.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { questionSheet } from './sheet.ts';

/**
 * What the question import's tests share (import.*.test.ts): an app with a
 * signed-in admin of the questions module and a subject "Mathematics" in
 * the first grade, a workbook of rows by header, the upload, and a zip.
 */

export const HEADERS = Object.values(questionSheet.columns).map((c) => c.header);

export async function workbook(rows: Record<string, unknown>[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Questions');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ImportTestApp {
  t: TestApp;
  token: string;
  /** The first grade's name; it has the subject "Mathematics". */
  gradeName: string;
  send(bytes: Buffer, query: string, name?: string): ReturnType<TestApp['as']>;
  count(): Promise<number>;
  clear(): Promise<void>;
  /**
   * The bank exported (oldest first, so rows come back in order) and sent
   * back: an XLSX to the same bank (its rows name their questions), Moodle
   * XML, which carries no ID, into an emptied one. The import's answer.
   */
  sendBackExport(format: 'xlsx' | 'moodle'): ReturnType<TestApp['as']>;
}

/** The app of one test file (`env` over the test defaults), made before its tests and closed after. */
export function useImportApp(env: Record<string, string> = {}): ImportTestApp {
  const h = {
    async send(bytes: Buffer, query: string, name = 'questions.xlsx') {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const res = new Response(form);
      return h.t.as(h.token, {
        method: 'POST',
        url: `/api/excelimport/questionimport?${query}`,
        payload: Buffer.from(await res.arrayBuffer()),
        headers: { 'content-type': res.headers.get('content-type')! },
      });
    },
    count: async () => (await h.t.app.deps.db.select({ id: questions.id }).from(questions)).length,
    async clear() {
      await h.t.app.deps.db.delete(questions);
    },
    async sendBackExport(format: 'xlsx' | 'moodle') {
      const file = await h.t.as(h.token, {
        method: 'GET',
        url: `/api/questions/exportquestions?format=${format}&sort=createdAt&order=asc`,
      });
      if (file.statusCode !== 200)
        throw new Error(`export ${format}: ${file.statusCode} ${file.body}`);
      if (format === 'moodle') await h.clear();
      return h.send(
        file.rawPayload,
        'dryRun=false',
        `export.${format === 'xlsx' ? 'xlsx' : 'xml'}`,
      );
    },
  } as ImportTestApp;
  beforeAll(async () => {
    h.t = await createTestApp(env);
    const a = await h.t.createAdmin({ modules: ['questions'] });
    h.token = (await h.t.signIn(a.email)).accessToken;
    const [g] = await h.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
    h.gradeName = g!.name;
    await h.t.app.deps.db
      .insert(subjects)
      .values({ gradeId: g!.id, name: 'Mathematics', position: 1 });
  }, 120_000);
  afterAll(() => h.t?.close());
  return h;
}

/**
 * A zip of the given files (the exports' own writer, lib/zip-writer.ts):
 * deflated, or stored uncompressed (method 0, what `zip -0` and some tools
 * write) with `stored`.
 */
export const zip = (files: Record<string, Buffer>, { stored = false } = {}): Buffer =>
  writeZip(Object.entries(files).map(([name, data]) => ({ name, data, stored })));
