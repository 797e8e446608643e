import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-writer.ts';

let t: TestApp;
let token: string;
let outsider: string;
let class4: number;

const HEADER = ['Grade', 'Subject', 'Chapter No', 'Chapter', 'Topic'];

async function workbook(rows: unknown[][], header = HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Curriculum');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(bytes: Buffer, dryRun: boolean, tk = token) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'curriculum.xlsx');
  const res = new Response(form);
  return t.as(tk, {
    method: 'POST',
    url: `/api/book/uploadcurriculum?dryRun=${dryRun}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
}

const get = async (url: string) => {
  const res = await t.as(token, { method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: number; name: string; number?: number; position: number }[];
};
const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });
/** grade → "Subject > 1 Chapter > Topic" lines, in position order. */
async function outline(gradeId: number) {
  const lines: string[] = [];
  for (const s of await get(`/book/getsubjects?gradeId=${gradeId}`)) {
    lines.push(s.name);
    for (const c of await get(`/book/getchapters?subjectId=${s.id}`)) {
      lines.push(`${s.name} > ${c.number} ${c.name}`);
      for (const tp of await get(`/book/gettopics?chapterId=${c.id}`)) {
        lines.push(`${s.name} > ${c.number} ${c.name} > ${tp.name}`);
      }
    }
  }
  return lines;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createAdmin({ modules: ['curriculum'] });
  token = (await t.signIn(a.email)).accessToken;
  const b = await t.createAdmin({ modules: ['books'] });
  outsider = (await t.signIn(b.email)).accessToken;
  const grades = await get('/book/getgrades');
  class4 = grades.find((g) => g.name === 'Class 4')!.id;
  // What the sheet meets: Mathematics with chapter 1 "Numbers" (topic "Counting").
  const maths = (await post('/book/addsubject', { gradeId: class4, name: 'Mathematics' })).json();
  const numbers = (
    await post('/book/addchapter', { subjectId: maths.id, name: 'Numbers', number: 1 })
  ).json();
  await post('/book/addtopic', { chapterId: numbers.id, name: 'Counting' });
});
afterAll(() => t?.close());

describe('uploadcurriculum', () => {
  const good = [
    ['class 4', 'mathematics', 1, 'NUMBERS', 'counting'],
    ['Class 4', 'Mathematics', 1, 'Numbers', 'Place value'],
    ['Class 4', 'Mathematics', '', 'Shapes', 'Circles'],
    ['Class 4', 'Mathematics', 7, 'Measures', ''],
    ['Class 4', 'Science'],
    ['Class 4', 'English', '', 'Poems', 'Rhymes'],
  ];

  it('a dry run counts what would be created and matched, and writes nothing', async () => {
    const before = await outline(class4);
    const res = await upload(await workbook(good), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: 6,
      valid: 6,
      errors: [],
      committed: false,
      created: { subjects: 2, chapters: 3, topics: 3 },
      existing: { subjects: 1, chapters: 1, topics: 1 },
    });
    expect(await outline(class4)).toEqual(before);
  });

  it('one bad row: the report names it, and the commit writes nothing (400)', async () => {
    const before = await outline(class4);
    const bytes = await workbook([
      ...good,
      ['Class 4', 'Mathematics', 1, 'Fractions', ''],
      ['Class 99', 'Art'],
      ['Class 4', 'x'.repeat(121)],
      ['Class 4', '', '', 'Orphan chapter'],
      ['Class 4', 'Science', '', '', 'Lost topic'],
      ['Class 4', 'Mathematics', 2, 'Numbers'],
      ['Class 4', 'Mathematics', 'two', 'Decimals'],
    ]);
    const dry = (await upload(bytes, true)).json();
    expect(dry).toMatchObject({ rows: 13, valid: 6, committed: false });
    expect(dry.errors).toEqual([
      { row: 8, column: 'Chapter No', message: 'Chapter 1 is already "Numbers"' },
      { row: 9, column: 'Grade', message: 'No grade is named "Class 99"' },
      { row: 10, column: 'Subject', message: 'Subject must be at most 120 characters' },
      { row: 11, column: 'Subject', message: 'Subject is required' },
      { row: 12, column: 'Chapter', message: 'Give the chapter of this topic' },
      { row: 13, column: 'Chapter No', message: '"Numbers" is chapter 1' },
      {
        row: 14,
        column: 'Chapter No',
        message: 'Chapter No must be a whole number from 1 to 9999',
      },
    ]);
    const commit = await upload(bytes, false);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'import_invalid' });
    expect(commit.json().details).toHaveLength(7);
    expect(await outline(class4)).toEqual(before);
  });

  it('a clean sheet commits in one go: names matched, new ones appended in sheet order', async () => {
    const res = await upload(await workbook(good), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      committed: true,
      created: { subjects: 2, chapters: 3, topics: 3 },
    });
    expect(await outline(class4)).toEqual([
      'Mathematics',
      'Mathematics > 1 Numbers',
      'Mathematics > 1 Numbers > Counting',
      'Mathematics > 1 Numbers > Place value',
      'Mathematics > 8 Shapes',
      'Mathematics > 8 Shapes > Circles',
      'Mathematics > 7 Measures',
      'Science',
      'English',
      'English > 1 Poems',
      'English > 1 Poems > Rhymes',
    ]);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'curriculum_imported'));
    expect(audit?.after).toMatchObject({ created: { subjects: 2, chapters: 3, topics: 3 } });
    // The same sheet again matches everything and creates nothing.
    const again = (await upload(await workbook(good), false)).json();
    expect(again.created).toEqual({ subjects: 0, chapters: 0, topics: 0 });
    expect(again.existing).toEqual({ subjects: 3, chapters: 4, topics: 4 });
  });

  it('the template downloads and imports as it is', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/book/curriculumtemplate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Curriculum template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const dry = (await upload(res.rawPayload, true)).json();
    expect(dry).toMatchObject({ errors: [], created: { topics: 2 } });
  });

  it('missing columns are errors of row 1; 403 without curriculum; non-XLSX refused', async () => {
    const res = (await upload(await workbook([['Class 4']], ['Grade', 'Name']), true)).json();
    expect(res.valid).toBe(0);
    expect(res.errors).toEqual([
      {
        row: 1,
        column: 'Subject',
        message: 'The column "Subject" is missing; is this the Curriculum sheet?',
      },
      {
        row: 1,
        column: 'Name',
        message:
          'The column "Name" is not one of this sheet\'s: Grade, Subject, Chapter No, Chapter, Topic',
      },
    ]);
    // The books catalogue is not a curriculum, though it has Grade and Subject columns.
    const catalogue = await workbook(
      [['9780306406157', 'Numbers', 'Class 4', 'Mathematics', 'draft']],
      ['ISBN', 'Title', 'Grade', 'Subject', 'Status'],
    );
    const wrong = (await upload(catalogue, true)).json();
    expect(wrong).toMatchObject({ rows: 0, valid: 0, committed: false });
    expect(wrong.errors.map((e: { column: string }) => e.column)).toEqual([
      'ISBN',
      'Title',
      'Status',
    ]);
    expect((await upload(await workbook(good), true, outsider)).statusCode).toBe(403);
    const tpl = await t.as(outsider, { method: 'GET', url: '/api/book/curriculumtemplate' });
    expect(tpl.statusCode).toBe(403);
    // Not a zip at all: 415 from the zip guard; a zip that is no workbook: 400.
    expect((await upload(Buffer.from('<html></html>'), true)).statusCode).toBe(415);
    const notXlsx = buildZip([{ name: 'hello.txt', data: Buffer.from('hello') }]);
    const bad = await upload(notXlsx, true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toMatch(/^xlsx_/);
  });

  it('a zip bomb is refused before the sheet is read (413)', async () => {
    const bomb = buildZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024, 0x20) },
    ]);
    const res = await upload(bomb, true);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/zip bomb/);
  });
});
