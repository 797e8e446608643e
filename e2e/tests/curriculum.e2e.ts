import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const column = (page: Page, title: string) => page.getByRole('region', { name: title });

async function addItem(page: Page, title: string, noun: string, name: string) {
  const input = column(page, title).getByLabel(`New ${noun}`);
  await input.fill(name);
  await input.press('Enter');
  await column(page, title).getByRole('button', { name, exact: false }).first().waitFor();
  await expect.poll(() => input.inputValue()).toBe('');
}

describe('curriculum masters', () => {
  it('adds, renames, deletes with confirmation and downloads', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
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
    await column(page, 'Topics').getByRole('button', { name: 'Rename Leaves' }).click();
    const rename = column(page, 'Topics').getByLabel('New name for Leaves');
    await rename.fill('Shapes of leaves');
    await rename.press('Enter');
    await column(page, 'Topics').getByText('Shapes of leaves').waitFor();

    // Deleting a used subject is refused with the server's reason.
    await column(page, 'Subjects')
      .getByRole('button', { name: 'Delete Environmental Studies' })
      .click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Environmental Studies').waitFor();
    await dialog.getByRole('button', { name: 'Delete subject' }).click();
    await dialog.getByText('1 chapter uses this subject').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Deleting an unused one goes through after confirmation.
    await column(page, 'Subjects').getByRole('button', { name: 'Delete Art' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Art').first().waitFor();
    await dialog.getByRole('button', { name: 'Delete subject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => column(page, 'Subjects').getByRole('button', { name: 'Delete Art' }).count())
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
});
