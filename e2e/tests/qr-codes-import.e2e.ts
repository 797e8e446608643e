import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  // Printed codes must open a public address (qr-address.e2e.ts).
  { PUBLIC_BASE_URL: 'https://books.example.test' },
);

describe('QR codes sheet', () => {
  it("downloads a book's codes, takes them back edited: each change from → to, then applied", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    const book = await apiOk(page, server, '/book/createbookcontent', {
      isbn: '9780306406157',
      title: 'QR Rivers',
    });
    for (const title of ['Rivers', 'Lakes'])
      await apiOk(page, server, '/book/addtocnode', { bookId: book.id, title, kind: 'unit' });
    await apiOk(page, server, '/book/generateqrcode', { mode: 'nodes', bookId: book.id });

    await page.goto(`${server.url}/qr-codes/${book.id}`);
    await page.getByText('2 codes for this book').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    expect(headers).toEqual(
      expect.arrayContaining(['Code', 'Target', 'Enabled', 'ID', 'Updated at']),
    );
    ws.getRow(3).getCell(headers.indexOf('Enabled')).value = 'No';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());

    await shot(page, 'qr-codes-book-actions', { fullPage: false });
    await page.getByRole('button', { name: 'Update from XLSX…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'QR codes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: edited,
    });
    await dialog.getByText('0 new · 1 updated · 1 unchanged').waitFor();
    const changes = dialog.getByRole('table', { name: 'Changes the import makes' });
    await expect
      .poll(() => changes.locator('tbody tr').first().innerText())
      .toMatch(/^3\s+Enabled\s+Yes\s+No$/);
    await expectAccessible(page, 'QR codes import with changes');
    await shot(page, 'qr-codes-import-changes', { fullPage: false });
    await dialog.getByRole('button', { name: 'Update 1 code' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 code was updated.').waitFor();
    const table = page.getByRole('table', { name: 'QR codes of QR Rivers' });
    await table.getByText('Disabled').first().waitFor();
    await page.close();
  });
});
