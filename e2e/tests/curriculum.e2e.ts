import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/fixture.ts';
import { pickUpByKeyboard } from '../support/keyboard-drag.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const column = (page: Page, title: string) => page.getByRole('region', { name: title });

async function addItem(page: Page, title: string, noun: string, name: string) {
  const input = column(page, title).getByLabel(`New ${noun}`);
  await input.fill(name);
  await input.press('Enter');
  await column(page, title).getByRole('button', { name, exact: false }).first().waitFor();
  await expect.poll(() => input.inputValue()).toBe('');
}

/** Opens an item's menu and picks an action. */
async function itemAction(page: Page, title: string, name: string, action: string) {
  await column(page, title)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('curriculum masters', () => {
  it('adds, renames, deletes with confirmation and downloads', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Curriculum' }).click();
    await page.waitForURL(/\/curriculum/);

    await column(page, 'Grades')
      .getByRole('button', { name: /^Class 3 / })
      .click();
    await page.waitForURL(/grade=\d+/);
    await addItem(page, 'Subjects', 'subject', 'Environmental Studies');
    await addItem(page, 'Subjects', 'subject', 'Art');

    // A duplicate name is refused on the field, with the server's words.
    const dup = column(page, 'Subjects').getByLabel('New subject');
    await dup.fill('art');
    await dup.press('Enter');
    await column(page, 'Subjects')
      .getByText(/already exists/)
      .waitFor();
    await dup.fill('');

    await column(page, 'Subjects')
      .getByRole('button', { name: /^Environmental Studies/ })
      .click();
    await page.waitForURL(/subject=\d+/);
    await addItem(page, 'Chapters', 'chapter', 'Plants around us');
    await column(page, 'Chapters')
      .getByRole('button', { name: /^Plants around us/ })
      .click();
    await page.waitForURL(/chapter=\d+/);
    await addItem(page, 'Topics', 'topic', 'Leaves');

    // The selection survives a reload: it is in the URL.
    await page.reload();
    await column(page, 'Topics').getByText('Leaves').waitFor();

    // Rename inline.
    await itemAction(page, 'Topics', 'Leaves', 'Rename');
    const rename = column(page, 'Topics').getByLabel('New name for Leaves');
    await rename.fill('Shapes of leaves');
    await rename.press('Enter');
    await column(page, 'Topics').getByText('Shapes of leaves').waitFor();

    // Deleting a used subject is refused with the server's reason.
    await itemAction(page, 'Subjects', 'Environmental Studies', 'Delete');
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Environmental Studies').waitFor();
    await dialog.getByRole('button', { name: 'Delete subject' }).click();
    await dialog.getByText('1 chapter uses this subject').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Deleting an unused one goes through after confirmation.
    await itemAction(page, 'Subjects', 'Art', 'Delete');
    dialog = page.getByRole('dialog');
    await dialog.getByText('Art').first().waitFor();
    await dialog.getByRole('button', { name: 'Delete subject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => column(page, 'Subjects').getByRole('button', { name: 'Actions for Art' }).count())
      .toBe(0);

    // Download the subjects: a real XLSX (a zip: "PK").
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      column(page, 'Subjects').getByRole('button', { name: 'Download subjects' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Subjects - Class 3.xlsx');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    await page.close();
  });

  it('uploads a masters sheet: a bad row is reported, the fixed sheet imports', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/curriculum`);
    await page.getByRole('button', { name: 'Upload XLSX' }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'bad.xlsx', mimeType: XLSX, buffer: await sheet(BAD) });
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    await problems.getByRole('row', { name: /7 Grade No grade is named "Class 66"/ }).waitFor();
    await dialog.getByText('Would create: 2 subjects, 3 chapters, 3 topics.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    await input.setInputFiles({ name: 'good.xlsx', mimeType: XLSX, buffer: await sheet(GOOD) });
    await dialog.getByText('Every row is valid.').waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Created 2 subjects, 3 chapters, 3 topics.').waitFor();

    await openClass6Maths(page);
    await chaptersAre(page, ['Numbers', 'Fractions', 'Decimals']);
    await page.close();
  });

  it('drags a chapter to a new place (mouse, then keyboard); the order is kept after a reload', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/curriculum`);
    await openClass6Maths(page);
    await chaptersAre(page, ['Numbers', 'Fractions', 'Decimals']);

    const handle = column(page, 'Chapters').getByRole('button', { name: 'Drag Decimals' });
    const target = column(page, 'Chapters').getByRole('listitem').first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await chaptersAre(page, ['Decimals', 'Numbers', 'Fractions']);

    await page.reload();
    await chaptersAre(page, ['Decimals', 'Numbers', 'Fractions']);

    // The keyboard way: pick up with Space, move with the arrows, drop with Space.
    await column(page, 'Chapters').getByRole('button', { name: 'Drag Fractions' }).focus();
    // Each step waits for its announcement: the sensor measures the list after the pick-up
    // (announced as over its own place).
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    await pickUpByKeyboard(page, 'Fractions is over position 3 of 3.');
    await page.keyboard.press('ArrowUp');
    await said('Fractions is over position 2 of 3.');
    await page.keyboard.press('Space');
    await said('Fractions dropped at position 2 of 3.');
    await chaptersAre(page, ['Decimals', 'Fractions', 'Numbers']);
    await page.reload();
    await chaptersAre(page, ['Decimals', 'Fractions', 'Numbers']);
    await page.close();
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const GOOD = [
  ['Class 6', 'Mathematics', 1, 'Numbers', 'Counting'],
  ['Class 6', 'Mathematics', 1, 'Numbers', 'Place value'],
  ['Class 6', 'Mathematics', 2, 'Fractions', 'Halves'],
  ['Class 6', 'Mathematics', 3, 'Decimals'],
  ['Class 6', 'Science'],
];
const BAD = [...GOOD, ['Class 66', 'Art']];

async function sheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Curriculum');
  ws.addRow(['Grade', 'Subject', 'Chapter No', 'Chapter', 'Topic']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openClass6Maths(page: Page) {
  await column(page, 'Grades')
    .getByRole('button', { name: /^Class 6 / })
    .click();
  await column(page, 'Subjects')
    .getByRole('button', { name: /^Mathematics/ })
    .click();
  await page.waitForURL(/subject=\d+/);
}

const chaptersAre = (page: Page, names: string[]) =>
  expect.poll(() => rowNames(page, 'Chapters')).toEqual(names);

/** The names in a column, in their shown order. */
const rowNames = (page: Page, title: string) =>
  column(page, title)
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent ?? ''));
