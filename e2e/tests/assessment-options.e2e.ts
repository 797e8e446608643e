import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const drawer = (page: Page) => page.getByRole('dialog', { name: /settings/ });
const options = (page: Page) => drawer(page).getByTestId('assessment-options');

/** A mock test of three 2-mark questions (6 marks), answers "Right" or "Wrong". */
async function mockTest(page: Page, name: string, settings: object = {}) {
  const category = await apiOk(page, server, '/master/addtestcategory', { name: `${name} tests` });
  const test = await apiOk(page, server, '/practice/addmocktest', {
    testCategoryId: category.id,
    name,
    ...settings,
  });
  const ids = await seedBankQuestions(page, server, [
    choiceQuestion(`${name} one`),
    choiceQuestion(`${name} two`),
    choiceQuestion(`${name} three`),
  ]);
  await apiOk(page, server, '/practice/mocktestquestionmapping', { id: test.id, questionIds: ids });
  return test as { id: number };
}

/** Answers the question on screen "Right" or "Wrong", checking it when the test shows answers after each. */
async function answer(page: Page, choice: 'Right' | 'Wrong', check = false) {
  await page.getByRole('radio', { name: new RegExp(choice) }).check();
  if (check) await page.getByRole('button', { name: 'Check answer' }).click();
}

describe('an assessment’s result options', () => {
  it('are authored in the settings, shuffle and review in the preview, and score pass or fail with the band’s feedback', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const test = await mockTest(page, 'Banded');

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await options(page).waitFor();
    await options(page).getByLabel('Shuffle the questions').check();
    await options(page).getByLabel('Shuffle the options').check();
    await options(page).getByLabel('Pass mark (%)').fill('50');
    await options(page).getByText('3 of 6 marks now').waitFor();
    await options(page).getByLabel('Learners see the answers').selectOption('after_each');
    await options(page).getByRole('button', { name: 'Add a grade band' }).click();
    const first = options(page).getByRole('group', { name: 'Band 1' });
    await first.getByLabel('Label').fill('Keep going');
    await first.getByLabel('Feedback').fill('Read chapter 3 again.');
    await options(page).getByRole('button', { name: 'Add a grade band' }).click();
    const second = options(page).getByRole('group', { name: 'Band 2' });
    await second.getByLabel('From (%)').fill('0');
    await second.getByLabel('Label').fill('Well done');
    await second.getByLabel('Feedback').fill('Great work on forces.');
    await drawer(page).getByRole('button', { name: 'Save settings' }).click();
    // The contract's rule, in words, on the band's field; nothing saved.
    await second.getByText('Must start above the band before it (“Keep going”, from 0%)').waitFor();
    await expectAccessible(page, 'assessment options, refused');
    await second.getByLabel('From (%)').fill('60');
    // Keyboard: the band's remove button is in tab order after its label.
    await second.getByLabel('Label').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Remove band 2');
    await expectAccessible(page, 'assessment options');
    await drawer(page).getByRole('button', { name: 'Save settings' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    const saved = await apiOk(page, server, `/practice/getmocktestbyid?id=${test.id}`);
    expect(saved).toMatchObject({
      shuffleQuestions: true,
      shuffleOptions: true,
      cutoffPercent: 50,
      showAnswers: 'after_each',
      gradeBands: [
        { fromPercent: 0, label: 'Keep going', feedback: 'Read chapter 3 again.' },
        { fromPercent: 60, label: 'Well done', feedback: 'Great work on forces.' },
      ],
    });

    // The preview: every question there, in some order; options lettered where they stand.
    await page.getByRole('link', { name: 'Preview as a learner' }).click();
    await page.getByText('Question 1 of 3').waitFor();
    await page.getByRole('radio', { name: /^A\./ }).waitFor();
    // Answers after each question: checked, the question shows its key and is locked.
    await answer(page, 'Right', true);
    await page.getByText(/^Because of Banded (one|two|three)\.$/).waitFor();
    await page.getByText('Right: 2 / 2').waitFor();
    expect(await page.getByRole('radio', { name: /Wrong/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await answer(page, 'Right', true);
    await page.getByRole('button', { name: 'Next' }).click();
    await answer(page, 'Wrong');
    await page.getByRole('button', { name: 'Submit' }).click();
    const score = page.getByTestId('score');
    await score.getByText('Score: 4 / 6 (66.7%)').waitFor();
    await score.getByText('Passed · pass mark 50%').waitFor();
    await score.getByTestId('grade-band').getByText('Well done').waitFor();
    await score.getByText('Great work on forces.').waitFor();
    await expectAccessible(page, 'preview result with band');

    // Another attempt: one right of three fails, in the first band.
    await page.getByRole('button', { name: 'Start again' }).click();
    await page.getByText('Question 1 of 3').waitFor();
    await answer(page, 'Right');
    await page.getByRole('button', { name: 'Submit' }).click();
    await score.getByText('Score: 2 / 6 (33.3%)').waitFor();
    await score.getByText('Not passed · pass mark 50%').waitFor();
    await score.getByText('Read chapter 3 again.').waitFor();
    await page.close();
  });

  it('keeps the answers back when learners never see them, showing only the result', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const test = await mockTest(page, 'Hidden', { showAnswers: 'never', cutoffPercent: 70 });
    await page.goto(`${server.url}/mock-tests/${test.id}/preview`);
    await page.getByText('Question 1 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Check answer' }).count()).toBe(0);
    await answer(page, 'Right');
    await page.getByRole('button', { name: 'Submit' }).click();
    const score = page.getByTestId('score');
    await score.getByText('Not passed · pass mark 70%').waitFor();
    await score
      .getByText('Learners never see the right answers: only their score and result.')
      .waitFor();
    expect(await page.getByText(/^Because of Hidden/).count()).toBe(0);
    expect(await page.getByLabel('Right answer').count()).toBe(0);
    await expectAccessible(page, 'preview result, answers kept back');
    await page.close();
  });
});
