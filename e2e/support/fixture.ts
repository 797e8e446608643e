import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

/**
 * A test file's real server and browser: both started before its tests
 * (`ready` hands them over) and stopped after, including the one that did
 * start when the other failed to.
 */
export function useServerAndBrowser(
  ready: (server: RunningServer, browser: Browser) => void,
  env: Record<string, string> = {},
  opts: ServerOptions = {},
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [s, b] = await Promise.allSettled([startServer(env, opts), launchBrowser()]);
    if (s.status === 'fulfilled') server = s.value;
    if (b.status === 'fulfilled') browser = b.value;
    if (s.status === 'rejected') throw s.reason;
    if (b.status === 'rejected') throw b.reason;
    ready(server!, browser!);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
