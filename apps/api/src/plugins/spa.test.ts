import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A built app as the web build writes it: each file beside its .br and .gz.
const INDEX =
  '<!doctype html><head><title>app</title></head><script type="module" src="/assets/app-1a2b3c.js"></script>';
const SCRIPT = `export const x = ${JSON.stringify('a'.repeat(4000))};`;

let dist: string;
let t: TestApp;

function writeWithVariants(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bo-spa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithVariants(path.join(dist, 'index.html'), INDEX);
  writeWithVariants(path.join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT);
  // A file the build left uncompressed (too small): served as it is.
  writeFileSync(path.join(dist, 'assets', 'tiny-9f8e7d.css'), 'a{b:c}');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('the built web app', () => {
  it('sends a hashed asset as brotli, else gzip, else plain, cached for a year', async () => {
    const expected = [
      ['br, gzip, deflate', 'br', brotliCompressSync(SCRIPT)],
      ['gzip', 'gzip', gzipSync(SCRIPT)],
      ['identity', undefined, Buffer.from(SCRIPT)],
    ] as const;
    for (const [accept, encoding, body] of expected) {
      const res = await get('/assets/app-1a2b3c.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(body)).toBe(true);
    }
  });

  it('sends an asset without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-9f8e7d.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{b:c}');
  });

  it('answers client routes with index.html, compressed and never cached', async () => {
    for (const url of ['/', '/books/12', '/login?next=%2Fbooks']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.rawPayload.equals(brotliCompressSync(INDEX))).toBe(true);
    }
    const plain = await get('/books/12');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('honours a refused encoding (q=0) and refuses names that leave the assets folder', async () => {
    const gz = await get('/assets/app-1a2b3c.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    for (const url of ['/assets/..%2Findex.html', '/assets/.hidden', '/assets/a/b.js'])
      expect((await get(url, 'br')).statusCode, url).toBe(404);
  });

  it('keeps a hashed file in memory once read, and reads a new build’s names on first use', async () => {
    const file = path.join(dist, 'assets', 'kept-5e6f7a.js');
    writeWithVariants(file, SCRIPT);
    expect((await get('/assets/kept-5e6f7a.js', 'br')).statusCode).toBe(200);
    // Gone from the disk (the build replaced it): still served, the same bytes.
    rmSync(`${file}.br`);
    const again = await get('/assets/kept-5e6f7a.js', 'br');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    writeWithVariants(path.join(dist, 'assets', 'fresh-8b9c0d.js'), 'export {};');
    expect((await get('/assets/fresh-8b9c0d.js', 'identity')).body).toBe('export {};');
  });

  it('answers a missing asset with a JSON 404, never index.html', async () => {
    const res = await get('/assets/gone-000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('announces the first screen’s files in the page served for its path', async () => {
    // What the web build writes (apps/web/build/first-screens.ts), most specific route first.
    const routes = [
      { path: '/books/new', scripts: ['/assets/new-1.js'], styles: [] },
      { path: '/books/:id', scripts: ['/assets/book-2.js'], styles: ['/assets/book-3.css'] },
      { path: '/*', scripts: ['/assets/shell-4.js', '/assets/<x>.js'], styles: [] },
    ];
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    const hints = path.join(dist, '.vite', 'first-screens.json');
    writeFileSync(hints, JSON.stringify({ routes }));
    try {
      const page = async (url: string) => (await get(url, 'identity')).body;
      const book = await page('/books/12?tab=toc');
      expect(book).toContain('<link rel="modulepreload" crossorigin href="/assets/book-2.js">');
      expect(book).toContain(
        '<link rel="preload" as="style" crossorigin href="/assets/book-3.css">',
      );
      expect(book).not.toContain('new-1.js');
      expect(await page('/books/new')).toContain('href="/assets/new-1.js"');
      const other = await page('/reports/7/x');
      expect(other).toContain('href="/assets/shell-4.js"');
      // Only hashed asset names ever reach the page.
      expect(other).not.toContain('<x>');
      const br = await get('/books/12', 'br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(book);
    } finally {
      rmSync(hints);
    }
    // Without the build's list the page is index.html as it is.
    expect((await get('/books/12', 'identity')).body).toBe(INDEX);
  });

  it('puts a screen the build drew in the place of the page’s loading placeholder, with its styles', async () => {
    const index = path.join(dist, 'index.html');
    const sheet = '<link rel="stylesheet" crossorigin href="/assets/tiny-9f8e7d.css">';
    const withRoot = `<!doctype html><head>${sheet}</head><body><div id="root"><div class="boot" role="status">Loading the back-office…</div></div></body>`;
    const drawn = '<style>x{}</style><main><form><input></form></main>';
    const routes = [
      { path: '/login', scripts: [], styles: [], html: drawn },
      { path: '/password/reset', scripts: [], styles: [] },
    ];
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    const hints = path.join(dist, '.vite', 'first-screens.json');
    writeFileSync(hints, JSON.stringify({ routes }));
    writeFileSync(index, withRoot);
    // A new stamp for the page's cache even within the same millisecond.
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    try {
      const page = async (url: string) => (await get(url, 'identity')).body;
      const login = await page('/login?next=/books');
      expect(login).toContain(`<div id="root" data-drawn="">${drawn}</div></body>`);
      // The sheet comes inside the page: no round trip before the first paint.
      expect(login).toContain('<head><style>a{b:c}</style>');
      expect(login).not.toContain(sheet);
      // A screen the build did not draw keeps the placeholder; the app draws it.
      const reset = await page('/password/reset');
      expect(reset).toContain('Loading the back-office…');
      expect(reset).not.toContain('data-drawn');
      expect(reset).toContain(sheet);
    } finally {
      rmSync(hints);
      writeFileSync(index, INDEX);
      utimesSync(index, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('sends scripts and styles without the headers only a page reads', async () => {
    const script = await get('/assets/app-1a2b3c.js', 'br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(script.headers[name], name).toBeUndefined();
    const page = await get('/books/12', 'br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['strict-transport-security']).toBeDefined();
  });
});
