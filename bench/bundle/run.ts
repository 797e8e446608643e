// What a cold browser downloads for the first screen: builds what is stale,
// starts the real server (compiled, on a fresh database with the demo data),
// opens each screen in Chromium with an empty cache and sums the transferred
// (compressed) bytes of every script and style sheet. Signed-in screens open
// with a real session. Also prints when the screen's own chunk was requested,
// counted from the entry script's request. JSON out.
import type { Request } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { buildStale, freshDatabase, runApiCli, startApiServer } from '../support/api-process.ts';

// /login keeps its bytes limit; a signed-in screen has none since the time to
// its content over a real network replaced it (bench/first-screen, issue 25):
// its bytes are reported, to compare with the figures before a change.
const LOGIN_TARGET = 150_000;

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** The chunk that holds the screen itself (file name without its hash). */
  chunk: string;
  /** Shown once the screen is usable, for screens that load more after their chunk. */
  ready?: string;
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
/** `/assets/books-page-CfynaP-3.js` -> `books-page.js` */
const fileName = (url: string) =>
  new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/-[A-Za-z0-9_-]{8}(\.\w+)$/, '$1');

buildStale();
const database = await freshDatabase();
runApiCli('seed-demo', [], database.env);
const server = await startApiServer(database.env);
const browser = await launchBrowser();
const out: Record<string, unknown> = { bench: 'bundle', unit: 'kB transferred (compressed)' };
try {
  const firstBook = await fetch(`${server.url}/api/book/getisbn?page=1&pageSize=1`, {
    headers: { authorization: `Bearer ${server.token.access}` },
  }).then((r) => r.json() as Promise<{ items: { id: number }[] }>);
  const screens: Screen[] = [
    { name: '/login', path: '/login', signedIn: false, chunk: 'login-page.js' },
    { name: 'home', path: '/', signedIn: true, chunk: 'home.js' },
    { name: 'books list', path: '/books', signedIn: true, chunk: 'books-page.js' },
    {
      name: 'book page',
      path: `/books/${firstBook.items[0]!.id}`,
      signedIn: true,
      chunk: 'book-page.js',
    },
    { name: 'question bank', path: '/questions', signedIn: true, chunk: 'list-page.js' },
    // With the rich-text editor it loads after its own chunk (Tiptap, ProseMirror).
    {
      name: 'question editor',
      path: '/questions/new',
      signedIn: true,
      chunk: 'editor-page.js',
      ready: '.ProseMirror',
    },
  ];
  const results: Record<string, unknown> = {};
  for (const screen of screens) {
    // A new context is a new, empty cache.
    const context = await browser.newContext();
    if (screen.signedIn) {
      // The web app's session, as it stores it after a sign-in.
      const token = JSON.stringify(JSON.stringify(server.token));
      await context.addInitScript({ content: `localStorage.setItem('token', ${token});` });
    }
    const page = await context.newPage();
    const requested = new Map<string, number>();
    const finished: Request[] = [];
    page.on('request', (req) => requested.set(fileName(req.url()), Date.now()));
    page.on('requestfinished', (req) => finished.push(req));
    await page.goto(server.url + screen.path, { waitUntil: 'networkidle' });
    if (screen.ready) {
      await page.locator(screen.ready).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const landed = new URL(page.url()).pathname;
    if (landed !== screen.path) throw new Error(`${screen.path} went to ${landed}`);
    const assets = await Promise.all(
      finished
        .filter((r) => ['script', 'stylesheet'].includes(r.resourceType()))
        .map(async (r) => ({
          type: r.resourceType() === 'script' ? 'js' : 'css',
          file: fileName(r.url()),
          bytes: (await r.sizes()).responseBodySize,
          encoding: (await r.response())?.headers()['content-encoding'] ?? 'none',
        })),
    );
    const sum = (type: string) =>
      assets.filter((a) => a.type === type).reduce((n, a) => n + a.bytes, 0);
    const total = sum('js') + sum('css');
    const entry = [...requested].find(([f]) => /^index\.js$/.test(f))?.[1];
    const chunk = requested.get(screen.chunk);
    results[screen.name] = {
      jsKb: kb(sum('js')),
      cssKb: kb(sum('css')),
      totalKb: kb(total),
      ...(!screen.signedIn && { targetKb: kb(LOGIN_TARGET), met: total <= LOGIN_TARGET }),
      files: assets.length,
      encodings: [...new Set(assets.map((a) => a.encoding))],
      screenChunkRequestedAfterEntryMs:
        entry !== undefined && chunk !== undefined ? chunk - entry : null,
      // Largest first, so what to trim is on top.
      loads: assets.sort((a, b) => b.bytes - a.bytes).map((a) => `${a.file} ${kb(a.bytes)}`),
    };
    await context.close();
  }
  out.screens = results;
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
console.log(JSON.stringify(out, null, 2));
