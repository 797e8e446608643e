import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { expectQuestionRows, questionRows } from '../support/questions.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * The question bank's list: find a question by text and by filters kept in
 * the URL, rows rendering their math, the preview as a learner sees it, bulk
 * status change and delete, all on screens that pass axe.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const ok = (page: Page, path: string, body?: unknown) => apiOk(page, server, path, body);
const rows = questionRows;
const expectRows = expectQuestionRows;

async function seedQuestions(page: Page) {
  const grades = await ok(page, '/book/getgrades');
  const grade = grades.items.find((g: { name: string }) => g.name === 'Class 7');
  const subject = await ok(page, '/book/addsubject', { gradeId: grade.id, name: 'Mathematics' });
  const added = await ok(page, '/questions/addquestions', {
    questions: [
      {
        type: 'single_choice',
        stem: '<p>What is \\(x^2\\) when \\(x = 3\\)? Photosynthesis aside.</p>',
        options: [
          { id: 'A', html: '<p>6</p>', correct: false },
          { id: 'B', html: '<p>\\(9\\)</p>', correct: true },
          { id: 'C', html: '<p>12</p>', correct: false },
        ],
        explanation: '<p>Square it: \\(3 \\times 3 = 9\\).</p>',
        difficulty: 'easy',
        marks: 2,
        negativeMarks: 0.5,
        gradeId: grade.id,
        subjectId: subject.id,
        tags: ['squares'],
        status: 'draft',
      },
      {
        type: 'numeric',
        stem: '<p>How many sides has a hexagon?</p>',
        numeric: { value: 6, tolerance: 0, unit: null },
        difficulty: 'medium',
        gradeId: grade.id,
        subjectId: subject.id,
        tags: ['shapes'],
      },
      {
        type: 'fill_blank',
        stem: '<p>Water boils at ___ degrees Celsius.</p>',
        blanks: [{ answers: ['100', 'hundred'], caseSensitive: false }],
        difficulty: 'hard',
        language: 'English',
      },
      {
        type: 'subjective',
        stem: '<p>प्रकाश संश्लेषण समझाइए।</p>',
        modelAnswer: '<p>पौधे सूर्य के प्रकाश से भोजन बनाते हैं।</p>',
        language: 'Hindi',
      },
    ],
  });
  return { grade, subject, ids: added.items.map((q: { id: number }) => q.id) as number[] };
}

describe('question bank list', () => {
  it('finds a question by text and filters, renders its math, previews it as a learner sees it', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    const { grade, subject, ids } = await seedQuestions(page);
    const [square, hexagon, boils, hindi] = ids;

    await page.getByLabel('Main navigation').getByRole('link', { name: 'Question bank' }).click();
    await page.waitForURL(/\/questions$/);
    await expectRows(page, 4);
    // The stem's formulas are rendered by KaTeX (loaded on demand, served by us).
    const stem = page.getByTestId(`question-stem-${square}`);
    await stem.locator('.katex').first().waitFor();
    expect(await stem.locator('.katex').count()).toBe(2);
    await expectAccessible(page, 'question list');

    // Search by a word prefix; the text goes into the URL.
    await page.getByLabel('Search questions').fill('hexa');
    await page.waitForURL(/[?&]q=hexa/);
    await expectRows(page, 1);
    await page.getByTestId(`question-row-${hexagon}`).waitFor();

    // Hindi words are found too.
    await page.goto(`${server.url}/questions?q=${encodeURIComponent('प्रकाश')}`);
    await page.getByTestId(`question-row-${hindi}`).waitFor();
    await expectRows(page, 1);

    // Filters from the URL fill the controls; curriculum, type, difficulty, tag.
    await page.goto(`${server.url}/questions?gradeId=${grade.id}&subjectId=${subject.id}`);
    await expectRows(page, 2);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Grade', exact: true }).inputValue())
      .toBe('Class 7');
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Numeric', exact: true }).click();
    await page.waitForURL(/[?&]type=numeric/);
    await expectRows(page, 1);
    await page.getByTestId(`question-row-${hexagon}`).waitFor();
    await expectAccessible(page, 'question list, filtered');

    await page.goto(`${server.url}/questions?difficulty=hard`);
    await page.getByTestId(`question-row-${boils}`).waitFor();
    await expectRows(page, 1);
    await page.goto(`${server.url}/questions?tag=squares`);
    await page.getByTestId(`question-row-${square}`).waitFor();
    await expectRows(page, 1);
    await page.goto(`${server.url}/questions?language=Hindi&type=single_choice`);
    await page.getByText('No questions match').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectRows(page, 4);

    // The preview: the stem and options first, then the key and the explanation.
    await page.getByTestId(`question-row-${square}`).click();
    const drawer = page.getByRole('dialog', { name: `Question ${square}` });
    const preview = drawer.getByTestId('question-preview');
    await preview.getByTestId('preview-stem').locator('.katex').first().waitFor();
    await preview.getByRole('listitem').filter({ hasText: 'C.' }).waitFor();
    const key = preview.getByTestId('preview-key');
    await key.getByText('B.').waitFor();
    await key.getByTestId('preview-explanation').locator('.katex').first().waitFor();
    await preview.getByText('2 marks, −0.5 if wrong').waitFor();
    expect(await drawer.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/questions/${square}`,
    );
    await expectAccessible(page, 'question preview drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Fill-blank and numeric keys; the keyboard opens a preview too.
    await page.getByRole('button', { name: `Preview question ${boils}` }).click();
    await page
      .getByRole('dialog', { name: `Question ${boils}` })
      .getByText('100 / hundred')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Preview question ${hexagon}` }).click();
    await page
      .getByRole('dialog', { name: `Question ${hexagon}` })
      .getByTestId('preview-key')
      .getByText('6')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Preview question ${hindi}` }).click();
    await page
      .getByRole('dialog', { name: `Question ${hindi}` })
      .getByTestId('preview-model-answer')
      .waitFor();
    await page.keyboard.press('Escape');

    // "New question" leads to the editor's route.
    expect(await page.getByRole('link', { name: 'New question' }).getAttribute('href')).toBe(
      '/questions/new',
    );
    await page.close();
  });

  it('changes the status of selected questions and deletes them after asking', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/questions?difficulty=easy`);
    await expectRows(page, 1);
    const row = rows(page).first();
    await row.getByText('Draft').waitFor();

    await row.getByRole('checkbox').check();
    await page.getByText('1 question selected').waitFor();
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Set active' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change status?' });
    await confirm.getByText('What is').waitFor();
    await expectAccessible(page, 'bulk status dialog');
    await confirm.getByRole('button', { name: 'Set 1 question active' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Active').waitFor();

    await page.goto(`${server.url}/questions?status=active`);
    await expectRows(page, 1);
    await page.getByRole('checkbox', { name: 'Select all questions on this page' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete questions?' });
    await expectAccessible(page, 'bulk delete dialog');
    await del.getByRole('button', { name: 'Delete 1 question' }).click();
    await del.waitFor({ state: 'detached' });
    await page.getByText('No questions match').waitFor();
    await page.close();
  });

  it('exports the filtered set as XLSX and as Moodle XML', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/questions?type=numeric`);
    await expectRows(page, 1);
    for (const [item, pattern] of [
      ['Spreadsheet (XLSX)', /\.xlsx$/],
      ['Moodle XML', /\.xml$/],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(pattern);
    }
    await page.close();
  });
});
