// One visit of one screen in Chromium with the network emulated through the
// DevTools protocol, and what it cost: when the screen's content showed, the
// requests and bytes on the wire, and the floor the network itself sets.
import type { BrowserContext, CDPSession } from 'playwright-core';

/** A network as DevTools emulates it: added latency per request and the line's speed. */
export interface NetworkProfile {
  name: string;
  latencyMs: number;
  downMbit: number;
  upMbit: number;
}

export const PROFILES: NetworkProfile[] = [
  { name: 'slow 4G', latencyMs: 150, downMbit: 1.6, upMbit: 0.75 },
  { name: 'cable', latencyMs: 40, downMbit: 10, upMbit: 5 },
];

/**
 * The floor: four round trips (connection, page, code, data), then every
 * byte of the visit at the line's speed. No browser can show the screen
 * sooner on that network, whatever the code.
 */
export const floorMs = (profile: NetworkProfile, bytes: number) =>
  4 * profile.latencyMs + (bytes * 8) / (profile.downMbit * 1000);

export interface Visit {
  /** From navigation start until the screen's content marker is visible. */
  contentMs: number;
  requests: number;
  /** Requests for scripts and style sheets that went to the network (not a cache). */
  codeRequests: number;
  /** Encoded bytes received, headers included, as DevTools counts them. */
  bytes: number;
  protocols: string[];
}

/**
 * Records `window.__contentAt` (ms since navigation start) at the first frame
 * in which `selector` matches an element that is laid out and visible. Checked
 * every frame, not on DOM changes only: a style sheet arriving can make an
 * element visible without any change to the DOM.
 */
export const contentWatcher = (selector: string) => `(() => {
  const seen = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    return !!el && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      && el.getBoundingClientRect().height > 0;
  };
  const frame = (now) => {
    if (seen()) window.__contentAt = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

interface Tally {
  requests: Set<string>;
  code: Map<string, boolean>;
  bytes: number;
  protocols: Set<string>;
}

function tally(cdp: CDPSession): Tally {
  const t: Tally = { requests: new Set(), code: new Map(), bytes: 0, protocols: new Set() };
  cdp.on('Network.requestWillBeSent', (e) => {
    t.requests.add(e.requestId);
    if (e.type === 'Script' || e.type === 'Stylesheet') t.code.set(e.requestId, true);
  });
  // A file the cache answered is no request on the wire.
  cdp.on('Network.requestServedFromCache', (e) => {
    t.requests.delete(e.requestId);
    t.code.delete(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = e.response;
    if (r.fromDiskCache || r.fromPrefetchCache || r.fromServiceWorker) {
      t.requests.delete(e.requestId);
      t.code.delete(e.requestId);
    } else if (r.protocol) t.protocols.add(r.protocol);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (t.requests.has(e.requestId)) t.bytes += e.encodedDataLength;
  });
  return t;
}

/** A new page of `context` whose network is `profile` (DevTools protocol), with its session. */
export async function emulatedPage(context: BrowserContext, profile: NetworkProfile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downMbit * 1e6) / 8,
    uploadThroughput: (profile.upMbit * 1e6) / 8,
  });
  return { page, cdp };
}

/**
 * Opens `url` in `context` (a fresh one for a cold visit, the same one again
 * for a warm visit) on `profile`, waits for `selector`, then for the network
 * to be quiet, and returns the figures.
 */
export async function visit(
  context: BrowserContext,
  url: string,
  selector: string,
  profile: NetworkProfile,
): Promise<Visit> {
  const { page, cdp } = await emulatedPage(context, profile);
  const t = tally(cdp);
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction('window.__contentAt !== undefined', undefined, { timeout: 60_000 })
    .catch(async (err) => {
      const shown = await page.evaluate<string>('document.body.innerText.slice(0, 300)');
      throw new Error(`${selector} never showed at ${page.url()}; the page shows: ${shown}`, {
        cause: err,
      });
    });
  // Whatever the screen asks for after its content (the rest of its reads) counts too.
  await page.waitForLoadState('networkidle');
  const contentMs = await page.evaluate<number>('window.__contentAt');
  const out: Visit = {
    contentMs,
    requests: t.requests.size,
    codeRequests: t.code.size,
    bytes: t.bytes,
    protocols: [...t.protocols],
  };
  await cdp.detach();
  await page.close();
  return out;
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
