import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.ts';

/**
 * Sunbird's own QuML player (@project-sunbird/sunbird-quml-player-web-component)
 * showing a question set (quml-player.e2e.ts): its bundle served from
 * node_modules to a local page with jQuery (which the player needs and its
 * demo loads from a CDN), so nothing is fetched from the network. The
 * player's question-list API (`window.questionListUrl`) is local and
 * answered from the set; what it was asked for is kept in `listed`, and
 * the page's errors in `errors`.
 */

const require = createRequire(import.meta.url);
const PLAYER = join(
  dirname(require.resolve('@project-sunbird/sunbird-quml-player-web-component/package.json')),
  'assets',
  'quml-player',
);
const JQUERY = require.resolve('jquery/dist/jquery.min.js');
export const QUML_ORIGIN = 'http://quml.test';

/** The browser and page of one test file, made before its tests and closed after. */
export function useQumlPlayer(set: unknown, questions: { identifier: string }[]) {
  let browser: Browser;
  let page: Page;
  const listed: string[][] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The player logs a missing component for a category as an error and draws nothing.
      if (m.type() === 'error' && m.text().includes('No component registered'))
        errors.push(m.text());
    });
    await page.route(`${QUML_ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/jquery.js')
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(JQUERY) });
      if (path === '/api/question/v2/list') {
        const asked = (route.request().postDataJSON()?.request?.search?.identifier ??
          []) as string[];
        listed.push(asked);
        const found = questions.filter((x) => asked.includes(x.identifier));
        return route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ result: { questions: found, count: found.length } }),
        });
      }
      if (path.startsWith('/player/')) {
        const file = join(PLAYER, path.slice('/player/'.length));
        const type = file.endsWith('.js')
          ? 'text/javascript'
          : file.endsWith('.css')
            ? 'text/css'
            : undefined;
        try {
          return route.fulfill({
            body: readFileSync(file),
            ...(type ? { contentType: type } : {}),
          });
        } catch {
          return route.fulfill({ status: 404 });
        }
      }
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/player/styles.css">
          <script src="/jquery.js"></script></head><body><div id="player" style="height:100vh"></div>
          <script src="/player/sunbird-quml-player.js"></script>
          <script>
            window.questionListUrl = '${QUML_ORIGIN}/api/question/v2/list';
            window.assessed = [];
            const el = document.createElement('sunbird-quml-player');
            // The player's ASSESS events: the question, and the score it gave the answer.
            el.addEventListener('playerEvent', (e) => {
              if (e.detail && e.detail.item) window.assessed.push({ id: e.detail.item.id, score: e.detail.score });
            });
            el.setAttribute('player-config', JSON.stringify({
              context: { mode: 'play', partner: [], pdata: { id: 'bo', ver: '1', pid: 'bo' }, contentId: 'question-set',
                sid: 's', uid: 'anonymous', channel: 'c', did: 'd', contextRollup: {}, objectRollup: {}, threshold: 3,
                userData: { firstName: 'Test', lastName: '' } },
              metadata: ${JSON.stringify(set)},
              config: { traceId: 't', sideMenu: { showShare: false, showDownload: false, showReplay: false, showExit: false } },
            }));
            document.getElementById('player').appendChild(el);
          </script></body></html>`,
      });
    });
  });
  afterAll(() => browser?.close());

  const assessed = (id: number) =>
    expect
      .poll(() =>
        page.evaluate(
          (qid) =>
            (window as unknown as { assessed: { id: string; score: number }[] }).assessed.find(
              (a) => a.id === qid,
            )?.score,
          `q${id}`,
        ),
      )
      .not.toBeUndefined();
  async function scoreOf(id: number): Promise<number> {
    await assessed(id);
    return page.evaluate(
      (qid) =>
        (window as unknown as { assessed: { id: string; score: number }[] }).assessed.find(
          (a) => a.id === qid,
        )!.score,
      `q${id}`,
    );
  }

  /** A CDK drag as a mouse does it: press, move past the threshold, move onto `to`, release. */
  async function drag(from: Locator, to: Locator) {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
  }

  return { page: () => page, listed, errors, scoreOf, drag };
}
