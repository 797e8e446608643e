import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { BOOK_KEYS, booksCalls, booksWorld } from './books.testing.ts';

let t: TestApp;
let token: string;
let noBooks: string;
let g1: number;
let g2: number;
let math1: number;
let sci1: number;
let math2: number;

beforeAll(async () => {
  ({ t, token, noBooks, g1, g2, math1, sci1, math2 } = await booksWorld());
});
afterAll(() => t?.close());
const { post, get, create, created } = booksCalls(
  () => t,
  () => token,
);

describe('createbookcontent', () => {
  it('creates a book from a hyphenated ISBN-10, stored as ISBN-13, with grade and subject names', async () => {
    const book = await created({
      isbn: '0-306-40615-2',
      title: '  Numbers Everywhere ',
      gradeId: g1,
      subjectId: math1,
      series: 'Bright Minds',
    });
    expect(Object.keys(book).sort()).toEqual(BOOK_KEYS);
    expect(book).toMatchObject({
      isbn: '9780306406157',
      title: 'Numbers Everywhere',
      gradeId: g1,
      subjectId: math1,
      subjectName: 'Mathematics',
      series: 'Bright Minds',
      edition: null,
      language: 'English',
      status: 'draft',
      extraIsbns: [],
    });
    expect(book.gradeName).toBeTruthy();
  });

  it('a subject alone brings its grade', async () => {
    const book = await created({
      isbn: '978-1-4028-9462-6',
      title: 'Science Starter',
      subjectId: sci1,
    });
    expect(book).toMatchObject({ gradeId: g1, subjectId: sci1, subjectName: 'Science' });
  });

  it('answers 400 with the right check digit and field details', async () => {
    const res = await create({ isbn: '978-0-306-40615-8', title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.isbn', message: 'Not a valid ISBN: check digit should be 7' },
        expect.objectContaining({ path: 'body.title' }),
      ]),
    );
  });

  it('answers 400 when the subject does not belong to the grade, or does not exist', async () => {
    const res = await create({
      isbn: '9780262033848',
      title: 'Mismatch',
      gradeId: g1,
      subjectId: math2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.subjectId', message: 'The subject does not belong to the chosen grade' },
    ]);
    const none = await create({ isbn: '9780262033848', title: 'Nowhere', gradeId: 987654 });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].path).toBe('body.gradeId');
  });

  it('409 for an ISBN taken in its ISBN-13 or ISBN-10 form, or as an extra ISBN', async () => {
    const again13 = await create({ isbn: '978-0-306-40615-7', title: 'Copy' });
    expect(again13.statusCode).toBe(409);
    expect(again13.json().details).toEqual([
      {
        path: 'body.isbn',
        message: 'ISBN 9780306406157 is already the ISBN of "Numbers Everywhere"',
      },
    ]);
    const again10 = await create({ isbn: '0306406152', title: 'Copy' });
    expect(again10.statusCode).toBe(409);

    const host = await created({ isbn: '9780131103627', title: 'Host' });
    const add = await post(token, '/book/appendmultipleisbn', {
      bookId: host.id,
      isbns: ['0-13-110163-3'],
    });
    expect(add.statusCode, add.body).toBe(200);
    const extra = await create({ isbn: '9780131101630', title: 'Clash' });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().details[0]).toEqual({
      path: 'body.isbn',
      message: 'ISBN 9780131101630 is already an extra ISBN of "Host"',
    });
  });

  it('simultaneous claims of one ISBN as a main and as an extra ISBN: exactly one wins', async () => {
    const host = await created({ isbn: '9780201633610', title: 'Race host' });
    const [a, b] = await Promise.all([
      create({ isbn: '9780596007126', title: 'Racer' }),
      post(token, '/book/appendmultipleisbn', { bookId: host.id, isbns: ['9780596007126'] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('403 for an admin without books, 401 without a token', async () => {
    const res = await post(noBooks, '/book/createbookcontent', {
      isbn: '9780262033848',
      title: 'X',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to Books');
    expect((await get(noBooks, '/book/getisbn')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/book/getisbn' })).statusCode).toBe(401);
  });
});

describe('getbook and editbook', () => {
  it('reads one book; 404 for an unknown id; 400 for a bad id', async () => {
    const book = await created({ isbn: '9780262510875', title: 'Read me', status: 'active' });
    const res = await get(token, `/book/getbook?id=${book.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(book);
    expect((await get(token, '/book/getbook?id=987654321')).statusCode).toBe(404);
    expect((await get(token, '/book/getbook?id=abc')).statusCode).toBe(400);
  });

  it('edits fields, clears blank ones, changing the grade alone drops the old subject', async () => {
    const book = await created({
      isbn: '9780321573513',
      title: 'Edit me',
      gradeId: g1,
      subjectId: math1,
      edition: '2nd',
    });
    const res = await post(token, '/book/editbook', {
      id: book.id,
      title: 'Edited',
      edition: '',
      gradeId: g2,
      isbn: '0-321-57351-X',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Edited',
      edition: null,
      gradeId: g2,
      subjectId: null,
      isbn: '9780321573513',
    });
    const bad = await post(token, '/book/editbook', { id: book.id, subjectId: math1 });
    expect(bad.statusCode).toBe(400);
    const taken = await post(token, '/book/editbook', { id: book.id, isbn: '9780306406157' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe('body.isbn');
    expect((await post(token, '/book/editbook', { id: 987654321, title: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('changebookstatus', () => {
  it('sets the status of several books in one go, all or none', async () => {
    const a = await created({ isbn: '9780135957059', title: 'Bulk A' });
    const b = await created({ isbn: '9780596009205', title: 'Bulk B' });
    const res = await post(token, '/book/changebookstatus', {
      ids: [a.id, b.id],
      status: 'inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 2 });
    // Books already at the status are written (and counted) again.
    const again = await post(token, '/book/changebookstatus', {
      ids: [a.id, b.id],
      status: 'inactive',
    });
    expect(again.json()).toEqual({ ok: true, updated: 2 });
    const missing = await post(token, '/book/changebookstatus', {
      ids: [a.id, 987654321],
      status: 'active',
    });
    expect(missing.statusCode).toBe(404);
    expect((await get(token, `/book/getbook?id=${a.id}`)).json().status).toBe('inactive');
    const bad = await post(token, '/book/changebookstatus', { ids: [], status: 'gone' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.ids', 'body.status']);
    expect(
      (await post(noBooks, '/book/changebookstatus', { ids: [a.id], status: 'active' })).statusCode,
    ).toBe(403);
  });
});

describe('curriculum masters in use by books', () => {
  it('a subject used by a book cannot be removed (409 naming the books)', async () => {
    const c = await t.createAdmin({ modules: ['curriculum'] });
    const ct = (await t.signIn(c.email)).accessToken;
    const res = await post(ct, '/book/removesubject', { id: sci1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/book/);
  });
});
