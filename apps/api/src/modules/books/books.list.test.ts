import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades, subjects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
let noBooks: string;
let g1: number;
let g2: number;
let math1: number;
let sci1: number;
let math2: number;

const get = (tk: string, url: string) => t.as(tk, { method: 'GET', url: `/api${url}` });
const list = async (qs: string) => {
  const res = await get(token, `/book/getisbn?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { isbn: string; title: string }[]; total: number; page: number };
};
const titles = (page: { items: { title: string }[] }) => page.items.map((b) => b.title);

/** Valid ISBN-13s: 978 + 9 digits + check digit. */
function isbn(n: number) {
  const body = `978${String(100_000_000 + n).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createAdmin({ modules: ['books'] });
  token = (await t.signIn(a.email)).accessToken;
  const b = await t.createAdmin({ modules: ['questions'] });
  noBooks = (await t.signIn(b.email)).accessToken;
  const db = t.app.deps.db;
  const [x, y] = await db.select().from(grades).orderBy(grades.position).limit(2);
  g1 = x!.id;
  g2 = y!.id;
  const rows = await db
    .insert(subjects)
    .values([
      { gradeId: g1, name: 'Mathematics', position: 1 },
      { gradeId: g1, name: 'Science', position: 2 },
      { gradeId: g2, name: 'Mathematics', position: 1 },
    ])
    .returning();
  [math1, sci1, math2] = rows.map((r) => r.id) as [number, number, number];
  const specs = [
    ['Algebra One', math1, 'active'],
    ['Algebra Two', math1, 'draft'],
    ['Geometry Basics', math1, 'active'],
    ['Physics for Kids', sci1, 'active'],
    ['Chemistry Lab 100%', sci1, 'inactive'],
    ['Counting Fun', math2, 'active'],
  ] as const;
  for (const [i, [title, subjectId, status]] of specs.entries()) {
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/book/createbookcontent',
      payload: { isbn: isbn(i + 1), title, subjectId, status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const first = (await list('q=Algebra One')).items[0] as unknown as { id: number };
  await t.as(token, {
    method: 'POST',
    url: '/api/book/appendmultipleisbn',
    payload: { bookId: first.id, isbns: ['9780306406157'] },
  });
});
afterAll(() => t?.close());

describe('getisbn', () => {
  it('lists every book by title with grade, subject names and extra ISBNs', async () => {
    const page = await list('');
    expect(page.total).toBe(6);
    expect(titles(page)).toEqual([
      'Algebra One',
      'Algebra Two',
      'Chemistry Lab 100%',
      'Counting Fun',
      'Geometry Basics',
      'Physics for Kids',
    ]);
    expect(page.items[0]).toMatchObject({
      subjectName: 'Mathematics',
      gradeName: expect.any(String),
      extraIsbns: ['9780306406157'],
    });
  });

  it('q matches part of the title in any case, LIKE wildcards literal', async () => {
    expect(titles(await list('q=algebra'))).toEqual(['Algebra One', 'Algebra Two']);
    expect(titles(await list('q=100%25'))).toEqual(['Chemistry Lab 100%']);
    expect((await list('q=_')).total).toBe(0);
  });

  it('q matches the start of an ISBN, hyphens ignored, ISBN-10 form and extra ISBNs included', async () => {
    expect(titles(await list(`q=${isbn(4)}`))).toEqual(['Physics for Kids']);
    expect((await list('q=978-1000')).total).toBe(6);
    expect(titles(await list('q=0-306-40615-2'))).toEqual(['Algebra One']);
    expect(titles(await list('q=978030640'))).toEqual(['Algebra One']);
    expect((await list('q=00000')).total).toBe(0);
  });

  it('filters by grade, subject and status, combined with search', async () => {
    expect(titles(await list(`gradeId=${g2}`))).toEqual(['Counting Fun']);
    expect(titles(await list(`subjectId=${math1}&status=active`))).toEqual([
      'Algebra One',
      'Geometry Basics',
    ]);
    expect(titles(await list(`gradeId=${g1}&status=active&q=S`))).toEqual([
      'Geometry Basics',
      'Physics for Kids',
    ]);
    expect((await list(`subjectId=${sci1}&status=draft`)).total).toBe(0);
  });

  it('sorts by an allowed column in either order, pages with a total', async () => {
    const byIsbn = await list('sort=isbn&order=desc&pageSize=2&page=2');
    expect(byIsbn.items.map((b) => b.isbn)).toEqual([isbn(4), isbn(3)]);
    expect(byIsbn).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    const last = await list('sort=title&order=desc&pageSize=4&page=2');
    expect(titles(last)).toEqual(['Algebra Two', 'Algebra One']);
    expect((await list('page=9')).items).toEqual([]);
  });

  it('400 for an unknown sort, status or a page size over 100; 403 without books', async () => {
    const res = await get(token, '/book/getisbn?sort=cover_file_key&status=lost&pageSize=101');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['querystring.pageSize', 'querystring.sort', 'querystring.status']);
    expect((await get(noBooks, '/book/getisbn')).statusCode).toBe(403);
  });
});

describe('downloadbooks', () => {
  it("answers the list's books as XLSX with the same filters", async () => {
    const res = await get(token, `/book/downloadbooks?subjectId=${math1}&sort=title&order=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Books.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[2])).toEqual(['Geometry Basics', 'Algebra Two', 'Algebra One']);
    expect(rows[2]![9]).toBe('9780306406157');
    expect((await get(noBooks, '/book/downloadbooks')).statusCode).toBe(403);
  });
});

// Last, because it adds a book the lists above do not expect.
describe('getisbn title search beyond ASCII', () => {
  it('folds case the same way on both sides, accented letters included', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/book/createbookcontent',
      payload: { isbn: isbn(40), title: 'Éveil à la Lecture' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(titles(await list('q=ÉVEIL À'))).toEqual(['Éveil à la Lecture']);
    expect(titles(await list('q=éveil à la lecture'))).toEqual(['Éveil à la Lecture']);
    expect(titles(await list('q=LECTURE&pageSize=1&page=1'))).toEqual(['Éveil à la Lecture']);
    expect((await list('q=lecture&page=2&pageSize=1')).items).toEqual([]);
  });
});
