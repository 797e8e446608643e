import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';

/** Small things a walk through the product found (names, focus, dialogs, toasts). */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await signInThroughUi(page, server);
  return page;
}

describe('formulas in names and dialogs are words a screen reader can say', () => {
  it('the builder, its remove confirmation and the question list say "3 squared", never \\(3^2\\)', async () => {
    const page = await signedIn();
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Spoken' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Squares',
    });
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('What is \\(3^2\\)?')]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
    });

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    const spoken = 'Question 1: What is 3 squared?';
    await page.getByRole('button', { name: `Drag ${spoken}`, exact: true }).waitFor();
    await page.getByRole('button', { name: `Remove ${spoken}`, exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`${spoken}. The question stays in the bank.`).waitFor();
    expect(await confirm.textContent()).not.toContain('\\(');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/questions`);
    await page
      .getByRole('checkbox', { name: `Select question ${q}: What is 3 squared?`, exact: true })
      .waitFor();
    await page.close();
  });
});
