import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, grades, subjects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  hasLibreOffice,
  readWithLibreOffice,
  saveWithLibreOffice,
} from '../../test/libreoffice.ts';

/**
 * The books download comes back as an import: unchanged it changes nothing,
 * edited (in LibreOffice where the machine has it) it applies exactly the
 * edits, each shown from → to first, and a book changed since the download
 * is a problem, never overwritten.
 */
let t: TestApp;
let token: string;
let editor: string;
let editorName: string;
let gradeName: string;

async function upload(bytes: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'Books.xlsx');
  const res = new Response(form);
  const answer = await t.as(token, {
    method: 'POST',
    url: `/api/book/uploadbookcatalog?dryRun=${dryRun}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const download = async () =>
  (await t.as(token, { method: 'GET', url: '/api/book/downloadbooks?sort=isbn' })).rawPayload;

const book = async (isbn: string) =>
  (await t.as(token, { method: 'GET', url: `/api/book/getisbn?q=${isbn}` })).json().items[0];

async function create(isbn: string, title: string, more: object = {}) {
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/book/createbookcontent',
    payload: { isbn, title, ...more },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn((await t.createAdmin({ modules: ['books'] })).email)).accessToken;
  const other = await t.createAdmin({ modules: ['books'] });
  editor = (await t.signIn(other.email)).accessToken;
  editorName = other.email.split('@')[0]!;
  const [g] = await t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
  gradeName = g!.name;
  const [s] = await t.app.deps.db
    .insert(subjects)
    .values({ gradeId: g!.id, name: 'Science', position: 1 })
    .returning();
  await create('9780306406157', 'Numbers Everywhere', { series: 'Bright Minds', edition: '2nd' });
  await create('9780131103627', 'The C Book', { gradeId: g!.id, subjectId: s!.id });
  await create('9781402894626', 'Third Book', { series: 'Old Series', status: 'active' });
}, 60_000);
afterAll(() => t?.close());

describe('the books download as an import', () => {
  it('sent back unchanged, it changes nothing and says so', async () => {
    const report = await upload(await download(), true);
    expect(report).toMatchObject({ rows: 3, valid: 3, errors: [] });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 3, changes: [] });
  });

  it.skipIf(!hasLibreOffice())(
    'edited in LibreOffice, it applies exactly the edits, listed first; sent again, the changed rows are refused',
    async () => {
      const rows = await readWithLibreOffice(await download());
      const header = rows[0]!;
      expect(header).toEqual([
        'ISBN',
        'Title',
        'Grade',
        'Subject',
        'Series',
        'Edition',
        'Language',
        'Status',
        'Extra ISBNs',
        'ID',
        'Updated at',
      ]);
      const col = (name: string) => header.indexOf(name);
      const byIsbn = (isbn: string) => rows.find((r) => r[col('ISBN')] === isbn)!;
      byIsbn('9780306406157')[col('Title')] = 'Numbers Everywhere, revised';
      byIsbn('9780306406157')[col('Status')] = 'active';
      byIsbn('9781402894626')[col('Series')] = '';
      byIsbn('9781402894626')[col('Extra ISBNs')] = '0-13-110163-3';
      const added = header.map(() => '');
      added[col('ISBN')] = '978-0-262-03384-8';
      added[col('Title')] = 'A New Book';
      added[col('Grade')] = gradeName;
      rows.push(added);
      const edited = await saveWithLibreOffice(rows);

      const check = await upload(edited, true);
      expect(check).toMatchObject({ rows: 4, valid: 4, errors: [], committed: false });
      expect(check).toMatchObject({ created: 1, updated: 2, unchanged: 1 });
      const at = (isbn: string) => rows.indexOf(byIsbn(isbn)) + 1;
      expect(check.changes).toEqual([
        {
          row: at('9780306406157'),
          column: 'Title',
          from: 'Numbers Everywhere',
          to: 'Numbers Everywhere, revised',
        },
        { row: at('9780306406157'), column: 'Status', from: 'draft', to: 'active' },
        { row: at('9781402894626'), column: 'Series', from: 'Old Series', to: '' },
        { row: at('9781402894626'), column: 'Extra ISBNs', from: '', to: '9780131101630' },
      ]);
      // Nothing is written by the check.
      expect((await book('9780306406157')).title).toBe('Numbers Everywhere');

      t.clock.advance(60_000);
      const commit = await upload(edited, false);
      expect(commit).toMatchObject({ committed: true, created: 1, updated: 2, unchanged: 1 });
      expect(await book('9780306406157')).toMatchObject({
        title: 'Numbers Everywhere, revised',
        status: 'active',
        series: 'Bright Minds',
        edition: '2nd',
      });
      expect(await book('9781402894626')).toMatchObject({
        series: null,
        status: 'active',
        extraIsbns: ['9780131101630'],
      });
      expect(await book('9780131103627')).toMatchObject({
        title: 'The C Book',
        subjectName: 'Science',
      });
      expect(await book('9780262033848')).toMatchObject({ title: 'A New Book', gradeName });
      const edits = await t.app.deps.db.select().from(auditLog);
      expect(edits.filter((a) => a.action === 'book_edited')).toHaveLength(2);

      // The same file again: the two rows it updated carry the old time now.
      const again = await upload(edited, true);
      const stale = again.errors.filter((e: { column: string }) => e.column === 'Updated at');
      expect(stale.map((e: { row: number }) => e.row).sort()).toEqual(
        [at('9780306406157'), at('9781402894626')].sort(),
      );
      expect(stale[0].message).toMatch(
        /^Changed by .+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC since your export/,
      );
    },
    120_000,
  );

  it('a book another admin changed since the download is a problem naming them; nothing is overwritten', async () => {
    const bytes = await download();
    const target = await book('9780131103627');
    t.clock.advance(60_000);
    const edit = await t.as(editor, {
      method: 'POST',
      url: '/api/book/editbook',
      payload: { id: target.id, edition: '3rd' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    ws.eachRow((row) => {
      if (row.getCell(1).text === '9780131103627') row.getCell(2).value = 'Mine wins?';
    });
    const sent = Buffer.from(await wb.xlsx.writeBuffer());
    const check = await upload(sent, true);
    expect(check.errors).toEqual([
      expect.objectContaining({
        column: 'Updated at',
        message: expect.stringContaining(`Changed by ${editorName} at `),
      }),
    ]);
    const commit = await t.as(token, {
      method: 'POST',
      url: '/api/book/uploadbookcatalog?dryRun=false',
      ...(await multipart(sent)),
    });
    expect(commit.statusCode).toBe(400);
    expect(await book('9780131103627')).toMatchObject({ title: 'The C Book', edition: '3rd' });
  });

  it('an unknown ID is a problem; a sheet without a column leaves that field alone', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Books');
    ws.addRow(['ISBN', 'Title', 'ID']);
    ws.addRow(['9780306406157', 'Numbers Everywhere, third', (await book('9780306406157')).id]);
    ws.addRow(['9780201633610', 'Nobody', 999_999]);
    const report = await upload(Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(report.errors).toEqual([{ row: 3, column: 'ID', message: 'No book has ID 999999' }]);
    expect(report.changes).toEqual([
      { row: 2, column: 'Title', from: expect.any(String), to: 'Numbers Everywhere, third' },
    ]);
  });
});

async function multipart(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'Books.xlsx');
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
