import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { chooseType, field, save, tagsField, typeInto } from '../support/question-editor.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const tryIt = (page: Page) => page.getByTestId('preview-try');
async function check(page: Page, expected: string) {
  await tryIt(page).getByRole('button', { name: 'Check' }).click();
  expect(await tryIt(page).getByTestId('preview-try-score').textContent()).toBe(expected);
}
async function newQuestion(page: Page, type: string, stem: string) {
  await page.goto(`${server.url}/questions/new`);
  await chooseType(page, type);
  await typeInto(page, 'Question', stem);
  await field(page, 'Negative marks').fill('0.5');
}

describe('matching, ordering and cloze in the editor and its preview', () => {
  it('authors, saves and answers one of each, right and wrong', async () => {
    const page = await browser.newPage();
    await signIn(page, server);

    // Matching: a missing right-hand side is said at its field.
    await newQuestion(page, 'Matching', 'Match each country with its capital.');
    await typeInto(page, 'Pair 1: left', 'France');
    await typeInto(page, 'Pair 1: right', 'Paris');
    await typeInto(page, 'Pair 2: left', 'Italy');
    await page.getByRole('button', { name: 'Save question' }).last().click();
    await page.getByText('Pair 2 has no right-hand side').waitFor();
    await typeInto(page, 'Pair 2: right', 'Rome');
    await page.getByRole('button', { name: 'Add extra right-hand text' }).click();
    await typeInto(page, 'Extra right-hand text 1', 'Oslo');
    await expectAccessible(page, 'matching editor');
    await save(page);
    const france = tryIt(page).getByLabel('Match for: France');
    const italy = tryIt(page).getByLabel('Match for: Italy');
    await france.selectOption({ label: 'Rome' });
    await italy.selectOption({ label: 'Oslo' });
    await check(page, 'Wrong: -0.5 of 1 marks');
    await france.selectOption({ label: 'Paris' });
    await italy.selectOption({ label: 'Rome' });
    await check(page, 'Correct: 1 of 1 marks');
    await expectAccessible(page, 'matching preview');

    // Ordering: written in the right order, one moved with the keyboard.
    await newQuestion(page, 'Ordering', 'Put the planets in order from the Sun.');
    await typeInto(page, 'Item 1', 'Earth');
    await typeInto(page, 'Item 2', 'Mercury');
    await page.getByRole('button', { name: 'Add item' }).click();
    await typeInto(page, 'Item 3', 'Mars');
    await page.getByRole('button', { name: 'Move item 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expectAccessible(page, 'ordering editor');
    await save(page);
    const planets = ['Mercury', 'Earth', 'Mars'];
    const shown = async () =>
      (await tryIt(page).getByRole('listitem').allTextContents()).map((t) =>
        t.replace(/^\d+\./, ''),
      );
    expect(await shown()).not.toEqual(planets);
    for (const [at, name] of planets.entries()) {
      while ((await shown()).indexOf(name) > at) {
        await tryIt(page)
          .getByRole('button', { name: `Move up: ${name}` })
          .focus();
        await page.keyboard.press('Enter');
      }
    }
    expect(await shown()).toEqual(planets);
    await check(page, 'Correct: 1 of 1 marks');
    // One out of place: a share per position right (1 of 3, to the quarter mark).
    await tryIt(page).getByRole('button', { name: 'Move down: Mercury' }).click();
    await check(page, 'Partly right: 0.25 of 1 marks');
    await expectAccessible(page, 'ordering preview');

    // Cloze: a choice gap and a typed one.
    await newQuestion(page, 'Cloze (several gaps)', 'The sky is ___ and Paris is in ___.');
    await typeInto(page, 'Gap 1: choice 1', 'green');
    await typeInto(page, 'Gap 1: choice 2', 'blue');
    await page.getByRole('radio', { name: 'Gap 1: choice 2 is correct' }).check();
    await page.getByRole('group', { name: 'Gap 2' }).getByText('Typed answer').click();
    await tagsField(page, 'Gap 2: accepted answers').fill('France');
    await tagsField(page, 'Gap 2: accepted answers').press('Enter');
    await expectAccessible(page, 'cloze editor');
    await save(page);
    await tryIt(page).getByLabel('Gap 1').selectOption('green');
    await tryIt(page).getByLabel('Gap 2').fill('Spain');
    await check(page, 'Wrong: -0.5 of 1 marks');
    await tryIt(page).getByLabel('Gap 1').selectOption('blue');
    await tryIt(page).getByLabel('Gap 2').fill('france');
    await check(page, 'Correct: 1 of 1 marks');
    // The gaps stand in the sentence, where the author wrote ___.
    expect(await tryIt(page).getByTestId('cloze-sentence').innerText()).toMatch(
      /^The sky is\s+[\s\S]*and Paris is in\s*\.$/,
    );
    await expectAccessible(page, 'cloze preview');
    await page.close();
  });
});
