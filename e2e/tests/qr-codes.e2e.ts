import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { checkDialog, expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

// Printed codes must open a public address (a loopback one is refused: qr-address.e2e.ts).
const PUBLIC_BASE_URL = 'https://books.example.test';

useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { PUBLIC_BASE_URL },
);

/** A fresh valid ISBN-13. */
function freshIsbn(): string {
  const body = `978${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('QR codes', () => {
  it("generates and prints a book's codes, retargets one, disables one", async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const book = await apiOk(page, server, '/book/createbookcontent', {
      isbn: freshIsbn(),
      title: 'QR Atlas',
    });
    for (const title of ['Rivers', 'Mountains', 'Deserts'])
      await apiOk(page, server, '/book/addtocnode', { bookId: book.id, title, kind: 'unit' });

    await page.goto(`${server.url}/books/${book.id}`);
    await page.getByRole('tab', { name: 'QR codes' }).click();
    await page.getByText('0 codes for this book').waitFor();
    await expectAccessible(page, 'book page, QR tab (empty)');

    // Codes are printed for good: generating them asks first, with how many.
    await page.getByRole('button', { name: 'Generate for all nodes' }).click();
    const confirmAll = page.getByRole('dialog');
    await confirmAll
      .getByText('3 codes will be made, one for each TOC node that has none yet.')
      .waitFor();
    await expectAccessible(page, 'generate-all confirmation');
    await confirmAll.getByRole('button', { name: 'Generate 3 codes' }).click();
    await confirmAll.waitFor({ state: 'detached' });
    await page.getByText('3 codes for this book').waitFor();
    const table = page.getByRole('table', { name: 'QR codes of QR Atlas' });
    await table.getByText('TOC node: Rivers').waitFor();
    await expectAccessible(page, 'book page, QR tab with codes');

    // Spare codes through the dialog.
    await checkDialog(page, 'generate dialog', () =>
      page.getByRole('button', { name: 'Choose nodes or spare…' }).click(),
    );
    await page.getByRole('button', { name: 'Choose nodes or spare…' }).click();
    const gen = page.getByRole('dialog');
    await gen.getByText('Spare codes').click();
    await gen.getByLabel('How many spare codes').fill('2');
    await gen.getByRole('button', { name: 'Generate' }).click();
    await gen.waitFor({ state: 'detached' });
    await page.getByText('5 codes for this book').waitFor();

    // Print: layout picker, preview, PDF download.
    await page.getByRole('button', { name: 'Print…' }).click();
    const print = page.getByRole('dialog');
    await print.getByRole('img', { name: /Preview of the first page: 5 labels/ }).waitFor();
    // The dialog says what the paper will open, with the first code.
    const firstCode = (await table
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      // The first cell picks the row for a bulk edit; the code comes next.
      .nth(1)
      .textContent())!;
    await expect
      .poll(() => print.getByTestId('qr-address').textContent())
      .toBe(`Each code opens ${PUBLIC_BASE_URL}/q/${firstCode.trim()}`);
    await print.getByLabel('14 per sheet (2 × 7)').check();
    await print
      .getByTestId('print-summary')
      .getByText(/5 codes on 1 page/)
      .waitFor();
    await expectAccessible(page, 'print dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      print.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qr-codes-${book.isbn}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await print.waitFor({ state: 'detached' });

    // Retarget a spare code to a node.
    const spare = table.getByRole('row').filter({ hasText: 'Spare (not assigned)' }).first();
    const spareCode = (await spare.getByRole('cell').nth(1).textContent())!.trim();
    await spare.getByRole('button', { name: `Retarget ${spareCode}` }).click();
    const retarget = page.getByRole('dialog');
    await retarget.getByLabel('Opens').click();
    await page.getByRole('option', { name: 'Deserts' }).click();
    await expectAccessible(page, 'retarget dialog');
    await retarget.getByRole('button', { name: 'Save' }).click();
    await retarget.waitFor({ state: 'detached' });
    await page.getByTestId(`qr-row-${spareCode}`).getByText('TOC node: Deserts').waitFor();

    // Disable one, after confirmation.
    await page.getByRole('button', { name: `Disable ${spareCode}` }).click();
    const confirm = page.getByRole('dialog');
    await expectAccessible(page, 'disable dialog');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId(`qr-row-${spareCode}`).getByText('Disabled').waitFor();
    const scan = await fetch(`${server.url}/q/${spareCode}`, { redirect: 'manual' });
    expect(scan.status).toBe(410);

    // The QR codes area lists the book, the codes without content and video codes.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'QR codes' }).click();
    await page.getByRole('link', { name: 'QR Atlas' }).waitFor();
    await expectAccessible(page, 'QR codes area, books');
    await page.getByRole('tab', { name: 'Codes without content' }).click();
    await page.getByRole('table', { name: 'Codes without content' }).waitFor();
    await expectAccessible(page, 'QR codes area, without content');
    await page.getByRole('tab', { name: 'Video codes' }).click();
    await page.getByText('No codes yet.').waitFor();
    await expectAccessible(page, 'QR codes area, video codes');
    await page.getByRole('tab', { name: 'Books with codes' }).click();
    await page.getByRole('link', { name: 'QR Atlas' }).click();
    await page.getByText('5 codes for this book').waitFor();
    await page.close();
  }, 120_000);
});
