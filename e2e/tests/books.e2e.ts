import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('books', () => {
  it('creates a book from a hyphenated ISBN-10, lists it as ISBN-13, filters in the URL, adds an extra ISBN', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Books' }).click();
    await page.waitForURL(/\/books$/);
    await page.getByText('No books yet').waitFor();

    await page.getByRole('button', { name: 'New book' }).click();
    const dialog = page.getByRole('dialog');
    const isbn = dialog.getByLabel('ISBN');
    await isbn.waitFor();
    await expectAccessible(page, 'new book dialog');
    // Checked as typed, with the contract's message.
    await isbn.fill('0-306-40615-3');
    await dialog.getByText('Not a valid ISBN: check digit should be 2').waitFor();
    await isbn.fill('0-306-40615-2');
    await dialog.getByText('Saved as 9780306406157').waitFor();
    await dialog.getByLabel('Title').fill('Numbers Everywhere');
    await dialog.getByLabel('Grade', { exact: true }).click();
    await page.getByRole('option', { name: 'Class 3', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create book' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The new book's page.
    await page.waitForURL(/\/books\/\d+$/);
    await page.getByTestId('book-isbn').getByText('ISBN 9780306406157').waitFor();
    await page.getByRole('heading', { name: 'Numbers Everywhere' }).waitFor();

    // Listed as ISBN-13; the status filter lives in the URL.
    await page.goto(`${server.url}/books?status=draft`);
    const row = page.locator('[data-testid^="book-row-"]');
    await row.getByText('9780306406157').waitFor();
    expect(await row.count()).toBe(1);
    await expect
      .poll(() => page.getByLabel('Status', { exact: true }).first().inputValue())
      .toBe('Draft');
    await page.goto(`${server.url}/books?status=active`);
    await page.getByText('No books match').waitFor();
    expect(await row.count()).toBe(0);

    // Search by the ISBN-10 form finds it too.
    await page.goto(`${server.url}/books?q=0-306-40615-2`);
    await row.getByText('9780306406157').waitFor();

    // Add an extra ISBN on its page.
    await row.getByRole('link', { name: 'Numbers Everywhere' }).click();
    await page.waitForURL(/\/books\/\d+$/);
    await page.getByLabel('Extra ISBN', { exact: true }).fill('978-0-13-110163-0');
    await page.getByRole('button', { name: 'Add ISBN' }).click();
    await page.getByRole('listitem').getByText('9780131101630').waitFor();
    expect(await page.getByLabel('Extra ISBN', { exact: true }).inputValue()).toBe('');
    await page.close();
  });

  it('imports a catalogue: the check lists a bad row, the fixed file imports', async () => {
    const sheet = async (rows: string[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Books');
      ws.addRow(['ISBN', 'Title', 'Status']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/books`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'bad.xlsx',
      mimeType: type,
      buffer: await sheet([
        ['978-1-4028-9462-6', 'Imported One', 'active'],
        ['978-1-4028-9462-7', 'Bad Digit', 'draft'],
      ]),
    });
    // The import's sentence names the column and the cell.
    await dialog
      .getByText('ISBN "978-1-4028-9462-7" is not a valid ISBN (check digit should be 6)')
      .waitFor();
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await input.setInputFiles({
      name: 'good.xlsx',
      mimeType: type,
      buffer: await sheet([['978-1-4028-9462-6', 'Imported One', 'active']]),
    });
    await dialog.getByRole('button', { name: 'Import 1 book' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^="book-row-"]').getByText('9781402894626').waitFor();
    await page.close();
  });
  it('takes its own export back as updates: shows each change from → to, then applies it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    await page.goto(`${server.url}/books?q=9781402894626`);
    await page.locator('[data-testid^="book-row-"]').getByText('9781402894626').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    expect(headers).toEqual(expect.arrayContaining(['ID', 'Updated at']));
    ws.getRow(2).getCell(headers.indexOf('Title')).value = 'Imported One, revised';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'Books.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: edited,
    });
    await dialog.getByText('0 new · 1 updated · 0 unchanged').waitFor();
    const changes = dialog.getByRole('table', { name: 'Changes the import makes' });
    await expect
      .poll(() => changes.locator('tbody tr').first().innerText())
      .toMatch(/^2\s+Title\s+Imported One\s+Imported One, revised$/);
    await expectAccessible(page, 'books import with changes');
    await shot(page, 'books-import-changes', { fullPage: false });
    await dialog.getByRole('button', { name: 'Update 1 book' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('1 book was updated.').waitFor();
    await page.getByText('Imported One, revised').waitFor();
    await page.close();
  });
  it('uploads a cover on the book page, shows it, then removes it after asking', async () => {
    // A real 1×1 PNG: the server sniffs the bytes, the browser must decode them.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const page = await browser.newPage();
    await signIn(page, server);
    // The book of the first test.
    await page.goto(`${server.url}/books?q=9780306406157`);
    await page.getByRole('link', { name: 'Numbers Everywhere' }).click();
    await page.waitForURL(/\/books\/\d+$/);
    const cover = page.getByTestId('book-cover');
    await cover.getByText('No cover').waitFor();
    await cover
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    const img = cover.getByRole('img', { name: 'Cover of Numbers Everywhere' });
    await img.waitFor();
    // Loaded through its signed link (no bearer header on an <img>) and decoded.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(1);
    expect(await img.getAttribute('src')).toMatch(/^\/api\/book\/coverfile\?id=\d+&exp=\d+&sig=/);
    await cover.getByRole('button', { name: 'Replace' }).waitFor();

    await cover.getByRole('button', { name: 'Remove cover' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('The cover image of “Numbers Everywhere” is deleted.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Remove cover' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await cover.getByText('No cover').waitFor();
    await page.close();
  });
});
