import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades, subjects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
let noBooks: string;
let gradeName: string;

const HEADER = ['ISBN', 'Title', 'Grade', 'Subject', 'Status', 'Extra ISBNs'];

async function workbook(rows: unknown[][], header = HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Books');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(tk: string, bytes: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'catalogue.xlsx');
  const res = new Response(form);
  return t.as(tk, {
    method: 'POST',
    url: `/api/book/uploadbookcatalog?dryRun=${dryRun}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
}
const list = async () =>
  (await t.as(token, { method: 'GET', url: '/api/book/getisbn?sort=isbn' })).json();

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createAdmin({ modules: ['books'] });
  token = (await t.signIn(a.email)).accessToken;
  const b = await t.createAdmin({ modules: ['media'] });
  noBooks = (await t.signIn(b.email)).accessToken;
  const [g] = await t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
  gradeName = g!.name;
  await t.app.deps.db.insert(subjects).values({ gradeId: g!.id, name: 'Mathematics', position: 1 });
  await t.as(token, {
    method: 'POST',
    url: '/api/book/createbookcontent',
    payload: { isbn: '9780262033848', title: 'Already here' },
  });
});
afterAll(() => t?.close());

describe('uploadbookcatalog', () => {
  it('a dry run reports every bad cell with row and column, and imports nothing', async () => {
    const bytes = await workbook([
      ['0-306-40615-2', 'Good one', gradeName, 'mathematics', 'Active', ''],
      ['978-0-306-40615-8', 'Bad digit', '', '', '', ''],
      ['9780262033848', 'Taken', '', '', '', ''],
      ['9780131103627', 'Dup extra', 'Class 99', '', '', '0306406152'],
      ['9780201633610', '', gradeName, 'Art', 'lost', ''],
    ]);
    const res = await upload(token, bytes, true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Row 4 names a book the catalogue holds by its ISBN: it updates that book.
    expect(body).toMatchObject({ rows: 5, valid: 2, committed: false, created: 1, updated: 1 });
    expect(body.changes).toEqual([{ row: 4, column: 'Title', from: 'Already here', to: 'Taken' }]);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          row: 3,
          column: 'ISBN',
          message: 'ISBN "978-0-306-40615-8" is not a valid ISBN (check digit should be 7)',
        },
        { row: 5, column: 'Grade', message: 'No grade is named "Class 99"' },
        { row: 5, column: 'Extra ISBNs', message: 'ISBN 9780306406157 is also in row 2' },
        { row: 6, column: 'Status', message: expect.any(String) },
      ]),
    );
    expect((await list()).total).toBe(1);
    // Committing the same file is refused with the same problems: nothing half-imported.
    const commit = await upload(token, bytes, false);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().details.length).toBeGreaterThanOrEqual(4);
    expect((await list()).total).toBe(1);
  });

  it('one row with a bad title, a bad status and an unknown grade reports all three', async () => {
    const long = 'x'.repeat(301);
    const res = await upload(
      token,
      await workbook([['9780131103627', long, 'Class 99', '', 'lost', '']]),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1, valid: 0 });
    expect(res.json().errors).toEqual([
      { row: 2, column: 'Title', message: 'Title must be at most 300 characters' },
      { row: 2, column: 'Grade', message: 'No grade is named "Class 99"' },
      { row: 2, column: 'Status', message: 'Status must be draft, active or inactive' },
    ]);
  });

  it('commits a clean file in one go, ISBN-10 stored as ISBN-13, with extra ISBNs and names resolved', async () => {
    const bytes = await workbook([
      [9780306406157, 'Numbers Everywhere', gradeName, 'Mathematics', 'active', '0-13-110163-3'],
      ['978-1-4028-9462-6', 'Second Book', '', '', '', ''],
    ]);
    const res = await upload(token, bytes, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 2,
      valid: 2,
      errors: [],
      committed: true,
      created: 2,
    });
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.items.find((b: { isbn: string }) => b.isbn === '9780306406157')).toMatchObject({
      title: 'Numbers Everywhere',
      gradeName,
      subjectName: 'Mathematics',
      status: 'active',
      extraIsbns: ['9780131101630'],
    });
    // Re-importing the same file: each row names its book by ISBN, and changes nothing.
    const again = await upload(token, bytes, true);
    expect(again.json()).toMatchObject({
      valid: 2,
      created: 0,
      updated: 0,
      unchanged: 2,
      changes: [],
    });
  });

  it('missing columns are errors of row 1; non-XLSX is 415; 403 without books', async () => {
    const res = await upload(token, await workbook([['x']], ['Name']), true);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        {
          row: 1,
          column: 'ISBN',
          message: 'The column "ISBN" is missing; is this the Book catalogue sheet?',
        },
        {
          row: 1,
          column: 'Name',
          message: expect.stringMatching(
            /^The column "Name" is not one of this sheet's: ISBN, Title/,
          ),
        },
      ]),
    );
    const html = await upload(token, Buffer.from('<html></html>'), true);
    expect(html.statusCode).toBe(415);
    expect((await upload(noBooks, await workbook([]), true)).statusCode).toBe(403);
  });

  it('the template downloads as XLSX', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/book/bookcatalogtemplate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('template');
  });
});
