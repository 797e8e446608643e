import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { expectQuestionRows } from '../support/questions.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * Bulk edit (docs/bulk-edits.md): all the questions that match a filter
 * edited as a job, refused rows named, Undo on the jobs screen; books
 * edited and undone from the dialog; a book's QR codes disabled and
 * retargeted; videos moved to a folder; learners blocked and the block
 * undone. Every step of the dialog passes axe.
 */

let server: RunningServer;
let browser: Browser;

// Codes are made only for an address learners reach.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { PUBLIC_BASE_URL: 'https://books.example.test' },
);

const ok = (page: Page, path: string, body?: unknown) => apiOk(page, server, path, body);
const choice = (stem: string, extra: object = {}) => ({
  type: 'single_choice',
  stem: `<p>${stem}</p>`,
  options: [
    { id: 'A', html: '<p>yes</p>', correct: true },
    { id: 'B', html: '<p>no</p>', correct: false },
  ],
  tags: ['bulkdemo'],
  ...extra,
});

it('edits all the questions that match a filter, names refused rows, and undoes from the jobs screen', async () => {
  const page = await browser.newPage();
  await signIn(page, server);
  await ok(page, '/questions/addquestions', {
    questions: [
      choice('Is amber a resin?', { marks: 1 }),
      choice('Is basalt volcanic?', { marks: 2 }),
      choice('Is cobalt blue?', { marks: 2 }),
      choice('Left out of the filter', { tags: ['other'] }),
    ],
  });
  await page.goto(`${server.url}/questions?tag=bulkdemo`);
  await expectQuestionRows(page, 3);

  // A rule broken by one row: nothing is changed and the row is named.
  await page.locator('[data-testid^="question-row-"]').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit fields' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit questions' });
  await dialog.getByRole('radio', { name: 'All 3 questions that match the filters' }).check();
  await dialog.getByRole('textbox', { name: 'Negative marks' }).fill('1.5');
  await expectAccessible(page, 'bulk edit dialog');
  await shot(page, 'bulk-edit-form');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const refused = dialog.getByTestId('bulk-edit-refused');
  await refused.getByText('Negative marks cannot be more than the marks').waitFor();
  await expectAccessible(page, 'bulk edit refused');
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The whole filter re-tagged and made hard.
  await page.locator('[data-testid^="question-row-"]').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit fields' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit questions' });
  await dialog.getByRole('radio', { name: 'All 3 questions that match the filters' }).check();
  await dialog.getByRole('combobox', { name: 'Difficulty' }).click();
  await page.getByRole('option', { name: 'Hard', exact: true }).click();
  await dialog.getByLabel('Add tags').fill('revised');
  await dialog.getByLabel('Add tags').press('Enter');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/3 questions edited by/)
    .waitFor();
  await expectAccessible(page, 'bulk edit done');
  await shot(page, 'bulk-edit-done');
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  // The list refreshed when the job ended.
  await page.goto(`${server.url}/questions?tag=revised&difficulty=hard`);
  await expectQuestionRows(page, 3);

  // Undo from the jobs screen, named by what it undoes.
  await page.goto(`${server.url}/jobs`);
  const undo = page.getByRole('button', { name: /^Undo: 3 questions edited by .* at / });
  await undo.waitFor();
  await expectAccessible(page, 'jobs with an undo');
  await undo.click();
  await page.getByText('The bulk edit is being undone.').waitFor();
  await expect
    .poll(async () => (await ok(page, '/questions/listofquestions?tag=revised')).total, {
      timeout: 20_000,
    })
    .toBe(0);
  await page.close();
});

it('edits the selected books and undoes the edit from its dialog', async () => {
  const page = await browser.newPage();
  await signIn(page, server);
  const book = await ok(page, '/book/createbookcontent', {
    isbn: '9780306406157',
    title: 'Bulk Edited Atlas',
  });
  await page.goto(`${server.url}/books?q=Bulk%20Edited`);
  await page.getByTestId(`book-row-${book.id}`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit fields' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit books' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/1 book set to active by/)
    .waitFor();
  await page.getByTestId(`book-row-${book.id}`).getByText('Active').waitFor();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await dialog.getByTestId('bulk-edit-undone').getByText('Put back as before: 1 book.').waitFor();
  await expectAccessible(page, 'bulk edit undone');
  await page.getByTestId(`book-row-${book.id}`).getByText('Draft').waitFor();
  await page.close();
});

it('disables every code of a book at once, then points a chosen code at the book', async () => {
  const page = await browser.newPage();
  await signIn(page, server);
  const book = await ok(page, '/book/createbookcontent', {
    isbn: '9783161484100',
    title: 'Bulk Coded Primer',
  });
  await ok(page, '/book/generateqrcode', { mode: 'spare', bookId: book.id, count: 2 });
  await page.goto(`${server.url}/qr-codes/${book.id}`);
  await page.getByRole('button', { name: 'Change all codes…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit QR codes' });
  await dialog.getByText('All 2 QR codes that match the filters.').waitFor();
  await dialog.getByText('Disable', { exact: true }).click();
  await expectAccessible(page, 'bulk edit of QR codes');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/2 QR codes disabled by/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await expect
    .poll(async () =>
      (await ok(page, `/book/getgenerateqrcodes?bookId=${book.id}`)).items.map(
        (c: { enabled: boolean }) => c.enabled,
      ),
    )
    .toEqual([false, false]);

  // One code picked in the table and pointed at the whole book.
  const codes = (await ok(page, `/book/getgenerateqrcodes?bookId=${book.id}`)).items as {
    code: string;
  }[];
  await page.getByRole('checkbox', { name: `Select ${codes[0]!.code}` }).check();
  await page.getByRole('button', { name: 'Change these codes…' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit QR codes' });
  await dialog.getByText('The book or a node').click();
  await dialog.getByRole('combobox', { name: 'Opens' }).click();
  await page.getByRole('option', { name: /^The whole book/ }).click();
  await expectAccessible(page, 'bulk retarget of QR codes');
  await shot(page, 'bulk-edit-qr-target');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/1 QR code retargeted by/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByTestId(`qr-row-${codes[0]!.code}`).getByText('Book:').waitFor();
  const after = (await ok(page, `/book/getgenerateqrcodes?bookId=${book.id}`)).items as {
    code: string;
    targetKind: string | null;
  }[];
  expect(after.find((c) => c.code === codes[0]!.code)!.targetKind).toBe('book');
  await page.close();
});

it('moves the selected videos to a folder, and blocks all the learners that match, then undoes it', async () => {
  const page = await browser.newPage();
  await signIn(page, server);
  for (const title of ['Bulk Moved One', 'Bulk Moved Two'])
    await ok(page, '/media/addvideo', {
      source: 'url',
      url: 'https://cdn.example.test/bulk.mp4',
      title,
      folder: 'Bulk source',
    });
  await page.goto(`${server.url}/media?folder=Bulk%20source`);
  await page.getByRole('checkbox', { name: 'Select all videos on this page' }).check();
  await page.getByRole('button', { name: 'Edit curriculum or folder…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit videos: curriculum and folder' });
  // Picked rows, so the dialog asks which rows (a learner's own page does not: below).
  await dialog.getByRole('radiogroup', { name: 'Which rows' }).waitFor();
  await dialog.getByRole('checkbox', { name: 'Move to a folder' }).check();
  await dialog.getByRole('combobox', { name: 'Folder' }).fill('Bulk target/Term 2');
  await expectAccessible(page, 'bulk edit of media');
  await shot(page, 'bulk-edit-media');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/2 media items moved to "Bulk target\/Term 2" by/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await page.goto(`${server.url}/media?folder=${encodeURIComponent('Bulk target/Term 2')}`);
  await page.getByText('Bulk Moved Two').waitFor();

  const { key } = await ok(page, '/learnerapp/createkey', { name: 'Bulk block app' });
  const city = `Blockton ${Date.now() % 100000}`;
  const res = await fetch(`${server.url}/api/ingest/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-learner-app-key': key },
    body: JSON.stringify({
      events: ['Ira', 'Kabir'].map((name) => ({
        id: randomUUID(),
        type: 'learner_registered',
        at: new Date().toISOString(),
        learnerId: randomUUID(),
        name,
        city,
      })),
    }),
  });
  expect(res.status).toBe(200);
  await page.goto(`${server.url}/learners?city=${encodeURIComponent(city)}`);
  await page.getByRole('link', { name: 'Kabir' }).waitFor();
  const rows = page.locator('[data-testid^="learner-row-"]');
  await page.getByRole('button', { name: 'Block or unblock…' }).click();
  dialog = page.getByRole('dialog', { name: 'Block or unblock learners' });
  await dialog.getByText('All 2 learners that match the filters.').waitFor();
  await expectAccessible(page, 'block learners');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/2 learners blocked by/)
    .waitFor();
  await expect.poll(() => rows.getByText('Blocked', { exact: true }).count()).toBe(2);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await dialog
    .getByTestId('bulk-edit-undone')
    .getByText('Put back as before: 2 learners.')
    .waitFor();
  await expectAccessible(page, 'block learners undone');
  await shot(page, 'bulk-edit-learners-undone');
  await expect.poll(() => rows.getByText('Blocked', { exact: true }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Back to the list' }).click();

  // One learner, from their own page: the same edit, with no "all that match".
  await page.getByRole('link', { name: 'Kabir' }).click();
  await page.getByRole('button', { name: 'Block…' }).click();
  dialog = page.getByRole('dialog', { name: 'Block or unblock learners' });
  await dialog.getByText('Kabir', { exact: true }).waitFor();
  expect(await dialog.getByRole('radiogroup', { name: 'Which rows' }).count()).toBe(0);
  await expectAccessible(page, 'block one learner');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog
    .getByTestId('bulk-edit-done')
    .getByText(/1 learner blocked by/)
    .waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Blocked in the back-office: the learner app cannot lift it').waitFor();
  await page.getByRole('button', { name: 'Unblock…' }).waitFor();
  await page.close();
});
