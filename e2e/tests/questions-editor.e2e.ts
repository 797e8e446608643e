import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import {
  chooseType,
  expectRenderedStem,
  field,
  insertFormula,
  save,
  tagsField,
  toolbar,
  typeInto,
  writeStem,
} from '../support/question-editor.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('question editor', () => {
  let firstId = 0;

  it('creates one question of each type with math and an image, rendered in the preview', async () => {
    const page = await browser.newPage();
    await signIn(page, server);

    // Single choice, with the accessibility checks of the screen and the math dialog.
    await page.goto(`${server.url}/questions/new`);
    await field(page, 'Question').waitFor();
    await expectAccessible(page, 'question editor');
    await toolbar(page, 'Question').getByRole('button', { name: 'Insert formula' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formula' });
    await dialog.getByLabel('LaTeX').fill('\\frac{a}{b');
    // Invalid TeX is refused in the dialog with KaTeX's reason and where it stopped.
    await dialog.getByText(/This formula is invalid: .*end of input/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Insert formula' }).isDisabled()).toBe(true);
    await dialog.getByLabel('LaTeX').fill('\\frac{a}{b}');
    await dialog.getByTestId('math-preview').locator('.katex').waitFor();
    await expectAccessible(page, 'math dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await writeStem(page, 'The area of a circle of radius r is', 'A = \\pi r^2');
    await typeInto(page, 'Option A', '2πr');
    await typeInto(page, 'Option B', 'πr²');
    await page.getByRole('radio', { name: 'Option B is correct' }).check();
    await page.getByRole('button', { name: 'Remove option D' }).click();
    await page.getByRole('button', { name: 'Remove option C' }).click();
    await insertFormula(page, 'Explanation', 'A=\\pi r^2', true);
    await page.getByTestId('question-preview').locator('.katex-display').waitFor();
    firstId = await save(page);
    await expectRenderedStem(page);

    // Multiple choice.
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'Multiple choice');
    // Underscores typed in the text stay text (no italics shortcut).
    await writeStem(page, 'Which of n_1 and n_2 are prime?', 'p > 1');
    await typeInto(page, 'Option A', '2');
    await typeInto(page, 'Option B', '3');
    await typeInto(page, 'Option C', '4');
    await typeInto(page, 'Option D', '9');
    await page.getByRole('checkbox', { name: 'Option A is correct' }).check();
    await page.getByRole('checkbox', { name: 'Option B is correct' }).check();
    await save(page);
    await expectRenderedStem(page);

    // True / false.
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'True / false');
    await writeStem(page, 'This holds for every real x:', 'x^2 \\geq 0');
    await page.getByRole('radio', { name: 'True', exact: true }).check();
    await save(page);
    await expectRenderedStem(page);

    // Fill in the blank: an answers field appears for each ___ typed.
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'Fill in the blank');
    await page.getByText('No blanks yet').waitFor();
    await writeStem(page, 'The capital of India is ___ and of France ___, and', '\\sqrt{4}=2');
    const blank1 = tagsField(page, 'Blank 1: accepted answers');
    const blank2 = tagsField(page, 'Blank 2: accepted answers');
    await blank1.fill('New Delhi');
    await blank1.press('Enter');
    await blank1.fill('Delhi');
    await blank1.press('Enter');
    await blank2.fill('Paris');
    await blank2.press('Enter');
    await save(page);
    await expectRenderedStem(page);
    await page.getByTestId('preview-key').getByText('New Delhi / Delhi').waitFor();

    // Numeric.
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'Numeric');
    await writeStem(page, 'Acceleration due to gravity, to one decimal:', 'g');
    await page.getByRole('textbox', { name: 'Answer', exact: true }).fill('9.8');
    await page.getByRole('textbox', { name: 'Tolerance', exact: true }).fill('0.1');
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('m/s²');
    await save(page);
    await expectRenderedStem(page);
    await page.getByTestId('preview-key').getByText('9.8 ± 0.1 m/s²').waitFor();

    // Subjective.
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'Subjective');
    await writeStem(page, 'Prove that', '\\sqrt{2} \\notin \\mathbb{Q}');
    await typeInto(page, 'Model answer', 'Suppose it were p/q in lowest terms…');
    await save(page);
    await expectRenderedStem(page);
    await page.getByTestId('preview-model-answer').getByText('lowest terms').waitFor();

    // Six questions, each with its type, as the API holds them.
    const saved = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        apiOk(page, server, `/questions/getquestionbyid?id=${firstId + i}`),
      ),
    );
    expect(saved[1].stem).toContain('n_1 and n_2');
    expect(saved[3].blanks).toEqual([
      { answers: ['New Delhi', 'Delhi'], caseSensitive: false },
      { answers: ['Paris'], caseSensitive: false },
    ]);
    expect(saved.map((q) => q.type)).toEqual([
      'single_choice',
      'multiple_choice',
      'true_false',
      'fill_blank',
      'numeric',
      'subjective',
    ]);
    await page.close();
  }, 300_000);

  it('refuses invalid TeX with its position at the field, as typed and at save', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/questions/new');
    await chooseType(page, 'Subjective');
    await typeInto(page, 'Question', 'Solve \\(\\frac{1}{\\) now');
    // As typed: the editor's own KaTeX check, worded like the server's.
    await page.getByText(/^The formula at character 7 is invalid: /).waitFor();
    await typeInto(page, 'Model answer', 'Anything');
    await page.getByRole('button', { name: 'Save question' }).last().click();
    // The server's refusal lands on the same field, naming it.
    await page.getByText(/^Question: the formula at character 7 is invalid: /).waitFor();
    expect(new URL(page.url()).pathname).toBe('/questions/new');
    expect(await field(page, 'Question').getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });

  it('warns about exact and near duplicates as the question is typed', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const existing = await apiOk(page, server, '/questions/addquestions', {
      questions: [
        {
          type: 'single_choice',
          stem: '<p>Which planet is known as the red planet of our solar system?</p>',
          options: [
            { id: 'A', html: '<p>Mars</p>', correct: true },
            { id: 'B', html: '<p>Venus</p>', correct: false },
          ],
        },
      ],
    });
    const id = existing.items[0].id as number;
    await page.goto(`${server.url}/questions/new`);
    await typeInto(
      page,
      'Question',
      'Which planet is known as the red planet of our solar system?',
    );
    await typeInto(page, 'Option A', 'Mars');
    await typeInto(page, 'Option B', 'Venus');
    await page.getByRole('button', { name: 'Remove option D' }).click();
    await page.getByRole('button', { name: 'Remove option C' }).click();
    await page.getByRole('radio', { name: 'Option A is correct' }).check();
    const exact = page.getByTestId('exact-duplicate');
    await exact.waitFor();
    expect(await exact.getByRole('link').getAttribute('href')).toBe(`/questions/${id}`);

    // A near one is a warning with its link; the exact error goes.
    await field(page, 'Question').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Choose one.');
    const near = page.getByTestId('near-duplicates');
    await near.waitFor();
    await exact.waitFor({ state: 'detached' });
    expect(await near.getByRole('link', { name: `#${id}` }).getAttribute('href')).toBe(
      `/questions/${id}`,
    );
    await page.close();
  });

  it('edits a question and restores the earlier revision from the history', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, `/questions/${firstId}`);
    await page.getByText('Revision 1', { exact: true }).waitFor();
    await field(page, 'Question').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Edited: what is the area of a circle?');
    await page.getByTestId('preview-stem').getByText('Edited: what is the area').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).last().click();
    await page.getByText('Revision 2', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    await drawer.getByTestId('revision-2').getByText('Changed: question').waitFor();
    await expectAccessible(page, 'history drawer');
    await drawer.getByRole('button', { name: 'View revision 1' }).click();
    await drawer.getByTestId('revision-1').getByText('The area of a circle').waitFor();
    await drawer.getByRole('button', { name: 'Restore revision 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore revision 1?' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByText('Revision 3', { exact: true }).waitFor();
    await field(page, 'Question').getByText('The area of a circle').waitFor();
    await expectRenderedStem(page);
    const saved = await apiOk(page, server, `/questions/getquestionbyid?id=${firstId}`);
    expect(saved.revision).toBe(3);
    expect(saved.stem).toContain('The area of a circle');
    await page.close();
  });

  it('asks before leaving with unsaved changes, and only then', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, `/questions/${firstId}`);
    const toList = () =>
      page.getByLabel('Main navigation').getByRole('link', { name: 'Question bank' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    const editorPath = `/questions/${firstId}`;

    // Opened and left unchanged: nothing to ask (the loaded text is not a change).
    await page.getByText(/^Revision \d+$/).waitFor();
    await field(page, 'Question').getByText('The area of a circle').waitFor();
    await toList();
    await page.waitForURL(/\/questions$/);

    // Changed: a link inside the app asks; staying keeps the text.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === editorPath);
    await field(page, 'Question').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Not saved.');
    await toList();
    await ask.waitFor();
    await expectAccessible(page, 'leave without saving');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(editorPath);
    await field(page, 'Question').getByText('Not saved.').waitFor();

    // The browser's history buttons ask too (Forward here: the list is the next entry).
    await page.evaluate(() => window.history.forward());
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(editorPath);

    // Reloading or closing the tab: the browser's own question (dismissed: the page stays).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.evaluate(() => window.location.reload());
    expect(await asked).toBe('beforeunload');
    await field(page, 'Question').getByText('Not saved.').waitFor();

    // Leaving for real: nothing was saved.
    await toList();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/questions$/);
    const stored = await apiOk(page, server, `/questions/getquestionbyid?id=${firstId}`);
    expect(stored.stem).not.toContain('Not saved.');

    // Saved changes leave without asking.
    await page.goto(`${server.url}${editorPath}`);
    await field(page, 'Question').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Saved.');
    await page.getByRole('button', { name: 'Save changes' }).last().click();
    await page.getByText(/Question saved as revision/).waitFor();
    await toList();
    await page.waitForURL(/\/questions$/);
    expect(await ask.count()).toBe(0);
    await page.close();
  });
});
