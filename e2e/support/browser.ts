import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumPath } from './chromium.ts';

/**
 * Debian's Chromium, headless, with the network chatter this machine refuses
 * turned off; `extraArgs` for a caller's own switches (a bench's certificate).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** Records every /api request a page makes, for counting refreshes and retries. */
export function recordApiCalls(page: Page) {
  const calls: {
    method: string;
    path: string;
    status?: number;
    auth?: string;
    cookies?: string;
  }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/')) return;
    const headers = req.headers();
    calls.push({
      method: req.method(),
      path: url.pathname,
      auth: headers.authorization,
      cookies: headers.cookies,
    });
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    const call = [...calls]
      .reverse()
      .find((c) => c.path === url.pathname && c.status === undefined);
    if (call) call.status = res.status();
  });
  return calls;
}
