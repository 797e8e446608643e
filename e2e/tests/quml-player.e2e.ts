import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qumlQuestionSet } from '../../apps/api/src/modules/questions/formats/quml/export.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * The QuML export rendered by Sunbird's own player
 * (@project-sunbird/sunbird-quml-player-web-component), served from
 * node_modules to a local page with jQuery (which the player needs and its
 * demo loads from a CDN): nothing is fetched from the network. A player
 * fetches questions it lacks from a Sunbird question-list API
 * (`window.questionListUrl`): that address is local and answered from the
 * export, and the test checks it was not needed (the export carries the
 * questions whole).
 */

const require = createRequire(import.meta.url);
const PLAYER = join(
  dirname(require.resolve('@project-sunbird/sunbird-quml-player-web-component/package.json')),
  'assets',
  'quml-player',
);
const JQUERY = require.resolve('jquery/dist/jquery.min.js');
const ORIGIN = 'http://quml.test';

const q = (id: number, stem: string) => ({
  id,
  type: 'single_choice' as const,
  stem,
  options: [
    { id: 'A' as const, html: '<p>3</p>', correct: false },
    { id: 'B' as const, html: '<p>4</p>', correct: true },
  ],
  blanks: [],
  numeric: null,
  matching: null,
  ordering: null,
  cloze: null,
  modelAnswer: null,
  explanation: '<p>Two and two make four.</p>',
  difficulty: 'easy' as const,
  marks: 1,
  negativeMarks: 0,
  gradeId: null,
  subjectId: null,
  chapterId: null,
  topicId: null,
  tags: [],
  language: 'English' as const,
  status: 'active' as const,
});

const set = qumlQuestionSet(
  {
    title: 'Arithmetic',
    sections: [
      { title: 'Section 1', instructions: null, questions: [q(1, '<p>What is 2 + 2?</p>')] },
    ],
  },
  ORIGIN,
) as { children: { children: { identifier: string }[] }[] };
const questions = set.children.flatMap((s) => s.children);

let browser: Browser;
let page: Page;
const listed: string[][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/jquery.js')
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(JQUERY) });
    if (path === '/api/question/v2/list') {
      const asked = (route.request().postDataJSON()?.request?.search?.identifier ?? []) as string[];
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
        return route.fulfill({ body: readFileSync(file), ...(type ? { contentType: type } : {}) });
      } catch {
        return route.fulfill({ status: 404 });
      }
    }
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/player/styles.css">
        <script src="/jquery.js"></script></head><body><div id="player" style="height:100vh"></div>
        <script src="/player/sunbird-quml-player.js"></script>
        <script>
          window.questionListUrl = '${ORIGIN}/api/question/v2/list';
          const el = document.createElement('sunbird-quml-player');
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

describe('the QuML export in the Sunbird QuML player', () => {
  it('renders the question and its options', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${ORIGIN}/`);
    await expect
      .poll(async () => page.locator('sunbird-quml-player').innerText(), { timeout: 30_000 })
      .toContain('Arithmetic');
    // The set's page, then the section's page (its name), then its first question.
    await page.locator('[aria-label="next slide"]').first().click();
    await expect
      .poll(async () => page.locator('sunbird-quml-player').innerText())
      .toContain('Section 1');
    await page.locator('[aria-label="next slide"]').first().click();
    await expect
      .poll(async () => page.locator('sunbird-quml-player').innerText(), { timeout: 30_000 })
      .toContain('What is 2 + 2?');
    const text = await page.locator('sunbird-quml-player').innerText();
    expect(text).toContain('4');
    // The export carries the questions' bodies: the player needs no question-list call.
    expect(listed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
