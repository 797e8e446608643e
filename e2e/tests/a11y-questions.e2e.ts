import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { checkDialog, expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/** The question bank's screens and dialogs under axe (the other screens: a11y.e2e.ts). */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('no critical or serious axe violation in the question bank', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await signIn(page, server);
  });

  it('question bank, its preview and dialogs', async () => {
    const added = await apiOk(page, server, '/questions/addquestions', {
      questions: [
        {
          type: 'single_choice',
          stem: '<p>Is \\(\\frac{1}{2} > \\frac{1}{3}\\)?</p>',
          options: [
            { id: 'A', html: 'Yes', correct: true },
            { id: 'B', html: 'No', correct: false },
          ],
          explanation: '<p>Halves are larger than thirds.</p>',
        },
      ],
    });
    const id = added.items[0].id;
    await page.goto(`${server.url}/questions`);
    await page.getByTestId(`question-stem-${id}`).locator('.katex').first().waitFor();
    await expectAccessible(page, 'question bank');
    await checkDialog(page, 'question preview', () =>
      page.getByRole('button', { name: `Preview question ${id}` }).click(),
    );
    await checkDialog(page, 'question import dialog', () =>
      page.getByRole('button', { name: 'Import' }).click(),
    );
    await page.getByRole('checkbox', { name: `Select question ${id}`, exact: false }).check();
    await checkDialog(page, 'question delete dialog', () =>
      page.getByRole('button', { name: 'Delete' }).click(),
    );
  });

  it('question editor: new, its formula dialog, a saved question and its history', async () => {
    await page.goto(`${server.url}/questions/new`);
    await page.getByRole('heading', { name: 'New question' }).waitFor();
    await page.getByRole('textbox', { name: 'Question', exact: true }).waitFor();
    await expectAccessible(page, 'question editor (new)');
    await checkDialog(page, 'formula dialog', () =>
      page
        .getByLabel('Question: formatting')
        .getByRole('button', { name: 'Insert formula' })
        .click(),
    );

    const listed = await apiOk(page, server, '/questions/listofquestions');
    const id = listed.items[0].id;
    await page.goto(`${server.url}/questions/${id}`);
    await page.getByRole('heading', { name: `Question #${id}` }).waitFor();
    await page.getByTestId('preview-stem').locator('.katex').first().waitFor();
    await expectAccessible(page, 'question editor (saved)');
    await checkDialog(page, 'question history', async () => {
      await page.getByRole('button', { name: 'History' }).click();
      await page.getByTestId('revision-1').waitFor();
    });
  });
});
