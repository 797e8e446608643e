import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { QuestionFields } from '@bo/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qtiItem } from '../../apps/api/src/modules/questions/formats/qti/items.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * The QTI items the export writes, opened in a real QTI 3 player
 * (@citolab/qti-components, its built bundle served from node_modules to a
 * local page: nothing is fetched from the network): an answer is given as a
 * learner would, the item's response processing runs, and the SCORE it sets
 * is the bank's (marks when right, minus negative marks when wrong).
 */

const require = createRequire(import.meta.url);
const PLAYER = join(
  dirname(require.resolve('@citolab/qti-components/package.json')),
  'cdn',
  'index.js',
);
const ORIGIN = 'http://player.test';

const base: Omit<QuestionFields, 'type' | 'stem'> = {
  options: [],
  blanks: [],
  numeric: null,
  matching: null,
  ordering: null,
  cloze: null,
  modelAnswer: null,
  explanation: null,
  difficulty: 'medium',
  marks: 2,
  negativeMarks: 0.5,
  gradeId: null,
  subjectId: null,
  chapterId: null,
  topicId: null,
  tags: [],
  language: 'English',
  status: 'active',
};

let browser: Browser;
let page: Page;
let item = '';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/qti.js')
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(PLAYER) });
    if (path === '/item.xml') return route.fulfill({ contentType: 'application/xml', body: item });
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

async function open(q: QuestionFields) {
  item = qtiItem({ ...q, id: 7 });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
}
const score = () => page.evaluate(() => (window as unknown as { score: () => number }).score());

describe('exported QTI items in @citolab/qti-components', () => {
  const single: QuestionFields = {
    ...base,
    type: 'single_choice',
    stem: '<p>What is 2 + 2?</p>',
    options: [
      { id: 'A', html: '3', correct: false },
      { id: 'B', html: '4', correct: true },
      { id: 'C', html: '5', correct: false },
    ],
  };

  it('a single choice scores its marks when right and minus its negative marks when wrong', async () => {
    await open(single);
    await page.locator('qti-simple-choice[identifier="B"]').click();
    expect(await score()).toBe(2);
    await open(single);
    await page.locator('qti-simple-choice[identifier="A"]').click();
    expect(await score()).toBe(-0.5);
  });

  it('a multiple choice needs every right option', async () => {
    await open({
      ...base,
      type: 'multiple_choice',
      stem: 'Which are prime?',
      options: [
        { id: 'A', html: '2', correct: true },
        { id: 'B', html: '4', correct: false },
        { id: 'C', html: '7', correct: true },
      ],
    });
    await page.locator('qti-simple-choice[identifier="A"]').click();
    await page.locator('qti-simple-choice[identifier="C"]').click();
    expect(await score()).toBe(2);
  });

  it('a fill in the blank takes any accepted answer in each blank', async () => {
    await open({
      ...base,
      type: 'fill_blank',
      stem: '___ + 2 = 4, and 10 ÷ 2 = ___',
      blanks: [
        { answers: ['2', 'two'], caseSensitive: false },
        { answers: ['5', 'five'], caseSensitive: false },
      ],
    });
    const boxes = page.locator('qti-text-entry-interaction input');
    await boxes.nth(0).fill('Two');
    await boxes.nth(1).fill('5');
    await boxes.nth(1).press('Tab');
    expect(await score()).toBe(2);
  });

  it('a numeric answer is right within its tolerance, wrong outside it', async () => {
    const numeric: QuestionFields = {
      ...base,
      type: 'numeric',
      stem: 'Acceleration due to gravity?',
      numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' },
    };
    for (const [typed, marks] of [
      ['9.85', 2],
      ['9.95', -0.5],
    ] as const) {
      await open(numeric);
      const box = page.locator('qti-text-entry-interaction input');
      await box.fill(typed);
      await box.press('Tab');
      expect(await score()).toBe(marks);
    }
  });
});
