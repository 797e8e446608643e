import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { booksCalls, booksWorld } from './books.testing.ts';

/** Extra ISBNs of a book: attached, reported, refused when taken, removed. */
let t: TestApp;
let token: string;
let noBooks: string;

beforeAll(async () => {
  ({ t, token, noBooks } = await booksWorld());
});
afterAll(() => t?.close());
const { post, get, create, created } = booksCalls(
  () => t,
  () => token,
);

describe('appendmultipleisbn and removeextraisbn', () => {
  // Another book, whose ISBN the first test tries to take as an extra.
  beforeAll(async () => {
    await created({ isbn: '9780306406157', title: 'Numbers Everywhere' });
  });

  it('attaches extra ISBNs, reports its own, refuses another book’s, removes one', async () => {
    const book = await created({ isbn: '9780465026562', title: 'Extras' });
    const res = await post(token, '/book/appendmultipleisbn', {
      bookId: book.id,
      isbns: ['978-0-465-02656-2', '0-262-03384-4', '9780262033848', '9780134685991'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.added).toEqual(['9780262033848', '9780134685991']);
    expect(body.alreadyAttached).toEqual(['9780465026562']);
    expect(body.book.extraIsbns).toEqual(['9780134685991', '9780262033848']);

    const other = await post(token, '/book/appendmultipleisbn', {
      bookId: book.id,
      isbns: ['9780596517748', '9780306406157'],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toEqual([
      { path: 'body.isbns.1', message: expect.stringContaining('Numbers Everywhere') },
    ]);
    // All or nothing: the free one was not attached either.
    const after = (await get(token, `/book/getbook?id=${book.id}`)).json();
    expect(after.extraIsbns).toHaveLength(2);

    const badDigit = await post(token, '/book/appendmultipleisbn', {
      bookId: book.id,
      isbns: ['9780134685990'],
    });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json().details[0]).toEqual({
      path: 'body.isbns.0',
      message: 'Not a valid ISBN: check digit should be 1',
    });

    const rm = await post(token, '/book/removeextraisbn', {
      bookId: book.id,
      isbn: '0-262-03384-4',
    });
    expect(rm.statusCode, rm.body).toBe(200);
    expect(rm.json().extraIsbns).toEqual(['9780134685991']);
    const again = await post(token, '/book/removeextraisbn', {
      bookId: book.id,
      isbn: '9780262033848',
    });
    expect(again.statusCode).toBe(404);
    const main = await post(token, '/book/removeextraisbn', {
      bookId: book.id,
      isbn: '9780465026562',
    });
    expect(main.statusCode).toBe(409);
    // The removed ISBN is free again.
    expect((await create({ isbn: '9780262033848', title: 'Freed' })).statusCode).toBe(200);
  });

  it('403 without the books module', async () => {
    const res = await post(noBooks, '/book/appendmultipleisbn', {
      bookId: 1,
      isbns: ['9780262033848'],
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await post(noBooks, '/book/removeextraisbn', { bookId: 1, isbn: '9780262033848' }))
        .statusCode,
    ).toBe(403);
  });
});
