// Where a first screen's time goes on this machine: one screen (BENCH_PATH,
// default /books; BENCH_SIGNED_OUT=1 for a public one) opened warm on cable
// with Chromium's CPU profiler on, printed as JSON: the marks of the visit
// (page, each script's end, each API read, content visible) and the
// profile's self time by script and by function. A tool for finding what to
// cut, not a target (bench/first-screen/run.ts measures the targets).
import { launchBrowser } from '../../e2e/support/browser.ts';
import { buildStale, freshDatabase, runApiCli, startApiServer } from '../support/api-process.ts';
import { contentWatcher, emulatedPage, PROFILES } from './measure.ts';

const PATH = process.env.BENCH_PATH ?? '/books';
const SELECTOR = process.env.BENCH_SELECTOR ?? '[data-testid^="book-row-"]';
const signedIn = !process.env.BENCH_SIGNED_OUT;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by script file and by function, from a CPU profile's samples. */
function selfTimes(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').pop() || `(${frame.functionName || 'native'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)]);
  return { byFile: top(byFile, 15), byFunction: top(byFunction, 30) };
}

buildStale();
const database = await freshDatabase();
runApiCli('seed-demo', [], database.env);
const server = await startApiServer(database.env);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1400, height: 1000 },
  });
  const token = JSON.stringify(JSON.stringify(server.token));
  await context.addInitScript({
    content: `${signedIn ? `localStorage.setItem('token', ${token});` : ''}${contentWatcher(SELECTOR)}`,
  });
  const cable = PROFILES.find((p) => p.name === 'cable')!;
  const open = async (profiled: boolean) => {
    const { page, cdp } = await emulatedPage(context, cable);
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(server.url + PATH, { waitUntil: 'commit' });
    await page.waitForFunction('window.__contentAt !== undefined', undefined, { timeout: 60_000 });
    // A string: the bench is typed for Node, without the DOM's names.
    const marks = await page.evaluate(`(() => {
      const at = Math.round;
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        page: at(nav.responseEnd),
        domContentLoaded: at(nav.domContentLoadedEventEnd),
        paints: performance.getEntriesByType('paint').map((p) => p.name + ' ' + at(p.startTime)),
        resources: performance.getEntriesByType('resource').map(
          (r) => at(r.startTime) + '-' + at(r.responseEnd) + ' ' + r.name.split('/').slice(-2).join('/'),
        ),
        content: at(window.__contentAt),
      };
    })()`);
    const profile = profiled
      ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile
      : null;
    await page.close();
    return { marks, profile };
  };
  await open(false); // cold: fills the cache
  await open(false); // warm once, so the code cache is made
  const { marks, profile } = await open(process.env.BENCH_PROFILE !== '0');
  console.log(
    JSON.stringify({ path: PATH, marks, selfMs: profile && selfTimes(profile) }, null, 1),
  );
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
