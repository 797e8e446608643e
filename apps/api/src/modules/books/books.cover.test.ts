import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Book } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** A real 1×1 PNG, and the first bytes of a JPEG, a GIF (an image, but not a cover type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 0)]);
const LIMIT = 64 * 1024;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-cover-'));
let t: TestApp;
let token: string;
let mediaOnly: string;
let bookId: number;

async function upload(bytes: Buffer, name: string, fields: Record<string, string>, tk = token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return t.as(tk, {
    method: 'POST',
    url: '/api/book/uploadcover',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
}
const coverKey = async () =>
  (
    await t.app.deps.db.select({ k: books.coverFileKey }).from(books).where(eq(books.id, bookId))
  )[0]!.k;
const getBook = async () =>
  (await t.as(token, { method: 'GET', url: `/api/book/getbook?id=${bookId}` })).json() as Book;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_IMAGE_MB: String(LIMIT / 1024 / 1024) });
  token = (await t.signIn((await t.createAdmin({ modules: ['books'] })).email)).accessToken;
  mediaOnly = (await t.signIn((await t.createAdmin({ modules: ['media'] })).email)).accessToken;
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/book/createbookcontent',
    payload: { isbn: '9780306406157', title: 'Covered' },
  });
  bookId = res.json().id;
  expect(res.json().coverUrl).toBeNull();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('book cover', () => {
  let firstUrl: string;

  it('uploads a PNG: the book answers a signed coverUrl that serves the image without a token', async () => {
    const res = await upload(PNG, 'cover.png', { bookId: String(bookId) });
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json() as Book;
    expect(book.coverUrl).toMatch(/^\/api\/book\/coverfile\?id=\d+&exp=\d+&sig=[\w-]+$/);
    firstUrl = book.coverUrl!;
    const image = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await getBook()).coverUrl).toBe(firstUrl);
    const list = await t.as(token, { method: 'GET', url: '/api/book/getisbn?q=Covered' });
    expect(list.json().items[0].coverUrl).toBe(firstUrl);
    const forgedUrl = firstUrl.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A'));
    const forged = await t.app.inject({ method: 'GET', url: forgedUrl });
    expect(forged.statusCode).toBe(403);
  });

  it('replacing the cover removes the old file; the old link stops working', async () => {
    const oldKey = (await coverKey())!;
    const res = await upload(JPEG, 'photo.jpg', { bookId: String(bookId) });
    expect(res.statusCode, res.body).toBe(200);
    const newKey = await coverKey();
    expect(newKey).not.toBe(oldKey);
    expect(await t.app.deps.storage.stat(oldKey)).toBeNull();
    const image = await t.app.inject({ method: 'GET', url: res.json().coverUrl });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(403);
  });

  it('refuses HTML renamed .png and a GIF (415), an oversized image (413), bad or unknown bookId', async () => {
    const before = await coverKey();
    const html = await upload(
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'cover.png',
      { bookId: String(bookId) },
    );
    expect(html.statusCode).toBe(415);
    const gif = await upload(GIF, 'cover.gif', { bookId: String(bookId) });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toMatch(/PNG, JPEG or WebP/);
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT + 10, 0)]);
    expect((await upload(big, 'big.png', { bookId: String(bookId) })).statusCode).toBe(413);
    const noField = await upload(PNG, 'cover.png', {});
    expect(noField.statusCode).toBe(400);
    expect(noField.json().details[0].path).toBe('body.bookId');
    expect((await upload(PNG, 'cover.png', { bookId: '987654' })).statusCode).toBe(404);
    expect(await coverKey()).toBe(before);
  });

  it('403 without the books module, for upload and remove', async () => {
    expect((await upload(PNG, 'c.png', { bookId: String(bookId) }, mediaOnly)).statusCode).toBe(
      403,
    );
    const remove = await t.as(mediaOnly, {
      method: 'POST',
      url: '/api/book/removecover',
      payload: { id: bookId },
    });
    expect(remove.statusCode).toBe(403);
    expect(await coverKey()).not.toBeNull();
  });

  it('removecover clears the cover and deletes its file; again is harmless; unknown book 404', async () => {
    const key = (await coverKey())!;
    const url = (await getBook()).coverUrl!;
    const remove = () =>
      t.as(token, { method: 'POST', url: '/api/book/removecover', payload: { id: bookId } });
    const res = await remove();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().coverUrl).toBeNull();
    expect(await t.app.deps.storage.stat(key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(200);
    const unknown = await t.as(token, {
      method: 'POST',
      url: '/api/book/removecover',
      payload: { id: 987654 },
    });
    expect(unknown.statusCode).toBe(404);
  });
  it('the link expires: 403 after its hour (and rounding) is past', async () => {
    const res = await upload(PNG, 'again.png', { bookId: String(bookId) });
    const url = res.json().coverUrl as string;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Valid for an hour, rounded up to a 10-minute step: gone after 70 minutes.
    t.clock.advance(70 * 60 * 1000 + 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});
