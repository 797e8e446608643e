import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Text that no column can hold (a NUL byte, a lone UTF-16 surrogate) and
 * control characters are refused with 400 `{ message, code }` at validation,
 * before a service or the database sees them: the cases once answered 500 or
 * a dropped connection.
 */

let t: TestApp;
let token: string;
let bookId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(a.email)).accessToken;
  const book = await t.as(token, {
    method: 'POST',
    url: '/api/book/createbookcontent',
    payload: { isbn: '9780306406157', title: 'Bad input' },
  });
  expect(book.statusCode).toBe(200);
  bookId = book.json().id;
}, 60_000);
afterAll(() => t?.close());

const get = (url: string) => t.as(token, { method: 'GET', url });
const post = (url: string, payload: object) => t.as(token, { method: 'POST', url, payload });

function expectRefused(res: Awaited<ReturnType<typeof get>>, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('validation_failed');
  expect(body.message).toMatch(message);
}

describe('a NUL byte or a control character in a query parameter', () => {
  it.each([
    '/api/book/getisbn?q=%00',
    '/api/book/getisbn?q=a%1Bb',
    '/api/book/downloadbooks?q=%00',
    '/api/user/listofadmin?q=%00',
    '/api/audit?q=%00',
    '/api/audit?action=%00',
    '/api/media/listofvideos?q=%00',
    '/api/media/filteraudio?language=%C2%85',
    '/api/book/coverfile?id=1&exp=%00&sig=x',
  ])('%s answers 400', async (url) => {
    expectRefused(await get(url), /control characters/);
  });

  it('a lone surrogate in a query parameter answers 400 (percent-encoded as its UTF-8 bytes it is no text)', async () => {
    // A lone surrogate cannot travel as UTF-8; the nearest a client gets is bytes
    // that do not decode, which the query parser turns into U+FFFD (valid text).
    const res = await get('/api/book/getisbn?q=%ED%A0%80');
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('in a JSON body', () => {
  it('a NUL in a media description answers 400 and adds nothing', async () => {
    const res = await post('/api/media/addvideo', {
      source: 'url',
      url: 'https://videos.example.test/a.mp4',
      title: 'NUL description',
      description: 'line one\n\u0000',
    });
    expectRefused(res, /body\.description: Must not contain control characters/);
    const list = await get('/api/media/listofvideos?q=NUL%20description');
    expect(list.json().total).toBe(0);
  });

  it('a description keeps its line breaks and tabs; a title may not have any', async () => {
    const ok = await post('/api/media/addvideo', {
      source: 'url',
      url: 'https://videos.example.test/b.mp4',
      title: ' Cafe\u0301 ',
      description: 'line one\r\n\tline two',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Café', description: 'line one\n\tline two' });
    const bad = await post('/api/media/addvideo', {
      source: 'url',
      url: 'https://videos.example.test/c.mp4',
      title: 'two\nlines',
    });
    expectRefused(bad, /body\.title: Must not contain control characters/);
  });

  it('a lone surrogate in a TOC title answers 400 and adds no node', async () => {
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse
    // turns back into the lone surrogate on the server.
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/book/addtocnode',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ bookId, title: 'Unit \ud800', kind: 'unit' }),
    });
    expectRefused(res, /body\.title: Contains an invalid character/);
    const toc = await get('/api/book/gettocbyisbn?isbn=9780306406157');
    expect(toc.json().nodeCount).toBe(0);
  });

  it('a NUL in a password or a token answers 400, not 401 or 500', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.test', password: 'pass\u0000word' },
    });
    expectRefused(login, /body\.password: Must not contain control characters/);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: `${'a'.repeat(20)}\u0000` },
    });
    expectRefused(refresh, /body\.refreshToken: Invalid token/);
  });
});

describe('JSON bodies take JSON types', () => {
  it.each([
    ['true', true],
    ['[2]', [2]],
    ['"0x2"', '0x2'],
    ['"2e0"', '2e0'],
    ['" 2 "', ' 2 '],
    ['"2"', '2'],
    ['1e400 (Infinity)', '1e400'],
  ])('editbook with id %s answers 400 and edits no book', async (_label, id) => {
    const before = (await get(`/api/book/getbook?id=${bookId}`)).json();
    const payload =
      id === '1e400'
        ? `{"id": 1e400, "title": "Hijacked"}`
        : JSON.stringify({ id, title: 'Hijacked' });
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/book/editbook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectRefused(res, /body\.id/);
    expect((await get(`/api/book/getbook?id=${bookId}`)).json()).toEqual(before);
  });

  it('a JSON number edits the book; a query string id is read from its digits only', async () => {
    const ok = await post('/api/book/editbook', { id: bookId, title: 'Renamed' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().title).toBe('Renamed');
    for (const id of ['0x1', '1e0', '%201%20', '1.0', 'true'])
      expectRefused(
        await get(`/api/book/getbook?id=${id}`),
        /querystring\.id: Must be a whole number/,
      );
    expect((await get(`/api/book/getbook?id=${bookId}`)).statusCode).toBe(200);
  });

  it('booleans and other numbers too: "true" is not true, "5" is not 5', async () => {
    const dummy = await post('/api/book/dummytocforisbn', {
      isbn: '9780306406157',
      replace: 'true',
    });
    expectRefused(dummy, /body\.replace/);
    const media = await post('/api/media/addvideo', {
      source: 'url',
      url: 'https://videos.example.test/d.mp4',
      title: 'Typed duration',
      durationSeconds: '5',
    });
    expectRefused(media, /body\.durationSeconds/);
  });
});
