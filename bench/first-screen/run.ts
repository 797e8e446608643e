// How long a person waits for each first screen over a real network, against
// the floor that network sets (docs/performance-log.md, "First screens over
// the network"). Builds what is stale, starts the real server (compiled, a
// fresh database with the demo data), opens each screen in Chromium with the
// network emulated (DevTools protocol): cold (a fresh browser context, so an
// empty cache) and warm (a second visit in the same context), BENCH_RUNS (5)
// times each, medians. Content shows when the screen's marker (below) is
// visible. BENCH_PROTOCOLS (http1,h2): straight to the server over plain
// HTTP/1.1, and through a TLS proxy speaking HTTP/2 (bench/support/tls-front.ts,
// a self-signed certificate). JSON out.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { launchBrowser } from '../../e2e/support/browser.ts';
import {
  type ApiServer,
  buildStale,
  freshDatabase,
  runApiCli,
  startApiServer,
} from '../support/api-process.ts';
import { startTlsFront } from '../support/tls-front.ts';
import {
  contentWatcher,
  floorMs,
  median,
  type NetworkProfile,
  PROFILES,
  type Visit,
  visit,
} from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROTOCOLS = (process.env.BENCH_PROTOCOLS ?? 'http1,h2').split(',');
const ONLY = process.env.BENCH_SCREENS?.split(',');

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** The element that means the screen's content is there (its data, not a loader). */
  content: string;
}

async function screensOf(server: ApiServer): Promise<Screen[]> {
  const get = (p: string) =>
    fetch(`${server.url}/api${p}`, {
      headers: { authorization: `Bearer ${server.token.access}` },
    }).then((r) => r.json() as Promise<{ items: { id: number }[] }>);
  const mockTest = (await get('/practice/getlistofmocktest?page=1&pageSize=1')).items[0]!;
  const screens: Screen[] = [
    { name: '/login', path: '/login', signedIn: false, content: 'form input' },
    {
      name: 'home',
      path: '/',
      signedIn: true,
      // The super admin's home is the dashboard: its first figure.
      content: '[data-testid="tile-learners-total"]',
    },
    { name: 'books list', path: '/books', signedIn: true, content: '[data-testid^="book-row-"]' },
    {
      name: 'question bank',
      path: '/questions',
      signedIn: true,
      content: '[data-testid^="question-row-"]',
    },
    { name: 'question editor', path: '/questions/new', signedIn: true, content: '.ProseMirror' },
    {
      name: 'assessment builder',
      path: `/mock-tests/${mockTest.id}`,
      signedIn: true,
      content: '[data-testid^="item-"]',
    },
  ];
  return screens.filter((s) => !ONLY || ONLY.includes(s.name));
}

const ms = (n: number) => Math.round(n);
const kb = (n: number) => Number((n / 1000).toFixed(1));

function summary(visits: Visit[], profile: NetworkProfile) {
  const bytes = median(visits.map((v) => v.bytes));
  const content = median(visits.map((v) => v.contentMs));
  const floor = floorMs(profile, bytes);
  return {
    contentMs: ms(content),
    floorMs: ms(floor),
    timesFloor: Number((content / floor).toFixed(2)),
    requests: median(visits.map((v) => v.requests)),
    codeRequests: median(visits.map((v) => v.codeRequests)),
    kb: kb(bytes),
    runsMs: visits.map((v) => ms(v.contentMs)),
  };
}

async function measure(
  server: ApiServer,
  origin: string,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
) {
  const token = JSON.stringify(JSON.stringify(server.token));
  const out: Record<string, Record<string, unknown>> = {};
  for (const screen of await screensOf(server)) {
    out[screen.name] = {};
    for (const profile of PROFILES) {
      const cold: Visit[] = [];
      const warm: Visit[] = [];
      let protocols: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A new context is a new, empty cache. The measuring script is a string: without
        // bypassCSP the page's policy would refuse the evaluations that read it.
        const context = await browser.newContext({
          bypassCSP: true,
          viewport: { width: 1400, height: 1000 },
        });
        await context.addInitScript({
          content: `${screen.signedIn ? `localStorage.setItem('token', ${token});` : ''}${contentWatcher(screen.content)}`,
        });
        const url = origin + screen.path;
        const first = await visit(context, url, screen.content, profile);
        cold.push(first);
        protocols = first.protocols;
        warm.push(await visit(context, url, screen.content, profile));
        await context.close();
      }
      out[screen.name]![profile.name] = {
        protocols,
        cold: summary(cold, profile),
        warm: summary(warm, profile),
      };
    }
    console.error(`${screen.name}: ${JSON.stringify(out[screen.name])}`);
  }
  return out;
}

/**
 * What this machine's Chromium itself needs: a page that is one form, no
 * script, measured as the screens are. Time beyond it is the app's; the
 * screens' times read against it on a loaded machine. `withOpenerPolicy`
 * is the same page with the app's Cross-Origin-Opener-Policy (same-origin):
 * a new tab opening such a page moves it to a new renderer process once the
 * header has arrived, ~200 ms on this machine (docs/performance-log.md,
 * "First screens drawn by the server").
 */
async function calibrate(browser: Awaited<ReturnType<typeof launchBrowser>>) {
  const html = '<!doctype html><title>Calibration</title><form><input aria-label="x"></form>';
  const page = createServer((req, res) =>
    res
      .writeHead(200, {
        'content-type': 'text/html',
        'cache-control': 'max-age=600',
        ...(req.url === '/coop' ? { 'cross-origin-opener-policy': 'same-origin' } : {}),
      })
      .end(html),
  );
  await new Promise<void>((listening) => page.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(page.address() as { port: number }).port}/`;
  const out: Record<string, Record<string, { coldMs: number; warmMs: number }>> = {};
  for (const [name, path] of [
    ['plain', ''],
    ['withOpenerPolicy', 'coop'],
  ] as const) {
    out[name] = {};
    for (const profile of PROFILES) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
        await context.addInitScript({ content: contentWatcher('form input') });
        cold.push((await visit(context, url + path, 'form input', profile)).contentMs);
        warm.push((await visit(context, url + path, 'form input', profile)).contentMs);
        await context.close();
      }
      out[name]![profile.name] = { coldMs: ms(median(cold)), warmMs: ms(median(warm)) };
    }
  }
  page.close();
  return out;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

buildStale();
const database = await freshDatabase();
runApiCli('seed-demo', [], database.env);
const result: Record<string, unknown> = {
  bench: 'first-screen',
  unit: 'ms from navigation start; kB on the wire (headers included)',
  content: 'the screen marker visible (bench/first-screen/run.ts, screensOf)',
  floor: '4 round trips (connection, page, code, data) + bytes at the line speed',
  runs: RUNS,
  loadAverageStart: loadAverage(),
};
try {
  const server = await startApiServer(database.env);
  try {
    for (const protocol of PROTOCOLS) {
      const front = protocol === 'h2' ? await startTlsFront(server.url) : null;
      // Trusting the proxy's key (not ignoring its errors) keeps the cache on for the warm visit.
      const browser = await launchBrowser(
        front ? [`--ignore-certificate-errors-spki-list=${front.spki}`] : [],
      );
      try {
        if (!result.trivialPage) result.trivialPage = await calibrate(browser);
        result[protocol] = await measure(server, front?.url ?? server.url, browser);
      } finally {
        await browser.close();
        await front?.close();
      }
    }
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
result.loadAverageEnd = loadAverage();
console.log(JSON.stringify(result, null, 2));
