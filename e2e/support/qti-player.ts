import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { QuestionFields } from '@bo/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  type QtiQuestion,
  qtiItem,
} from '../../apps/api/src/modules/questions/formats/qti/items.ts';
import { launchBrowser } from './browser.ts';

/**
 * A real QTI 3 player for the exported items (qti-player*.e2e.ts):
 * @citolab/qti-components, its built bundle served from node_modules to a
 * local page (nothing is fetched from the network). `open` shows the item
 * the export writes for a question; `score` runs its response processing
 * and answers the SCORE it sets.
 */

const require = createRequire(import.meta.url);
const PLAYER = join(
  dirname(require.resolve('@citolab/qti-components/package.json')),
  'cdn',
  'index.js',
);
const ORIGIN = 'http://player.test';

export { QUESTION_BASE } from './question-fields.ts';

export interface QtiPlayer {
  page: Page;
  /** The item of `q` (id 7) shown in the player. */
  open(q: QuestionFields & Pick<QtiQuestion, 'partialCredit'>): Promise<void>;
  score(): Promise<number>;
}

/** The browser and page of one test file, made before its tests and closed after. */
export function useQtiPlayer(): QtiPlayer {
  let browser: Browser;
  let item = '';
  const player = {
    async open(q) {
      item = qtiItem({ ...q, id: 7 });
      await player.page.goto(`${ORIGIN}/`);
      await player.page.waitForFunction(
        () => (window as unknown as { ready?: boolean }).ready === true,
      );
    },
    score: () => player.page.evaluate(() => (window as unknown as { score: () => number }).score()),
  } as QtiPlayer;
  beforeAll(async () => {
    browser = await launchBrowser();
    player.page = await browser.newPage();
    await player.page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/qti.js')
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(PLAYER) });
      if (path === '/item.xml')
        return route.fulfill({ contentType: 'application/xml', body: item });
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><body><main id="player"></main><script type="module">
        import { qtiTransformItem } from '/qti.js';
        const xml = await (await fetch('/item.xml')).text();
        document.getElementById('player').appendChild(qtiTransformItem().parse(xml).htmlDoc());
        await customElements.whenDefined('qti-assessment-item');
        window.score = () => {
          const el = document.querySelector('qti-assessment-item');
          el.processResponse();
          return Number(el.getOutcome('SCORE').value);
        };
        window.ready = true;
      </script></body></html>`,
      });
    });
  });
  afterAll(() => browser?.close());
  return player;
}
