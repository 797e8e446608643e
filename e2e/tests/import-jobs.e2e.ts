import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

// Every import runs as a job (0 MB threshold): the dialog follows it through
// GET /jobs/status, as it does for a large file.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { IMPORT_JOB_MIN_MB: '0' },
);

const sheet = async (rows: string[][]) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Books');
  ws.addRow(['ISBN', 'Title', 'Status']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('an import run as a job', () => {
  it('the dialog follows the job on /jobs/status to its report, then imports; the jobs screen lists it', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/books`);
    const statuses: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/jobs/status')) statuses.push(r.url());
    });
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'bad.xlsx',
      mimeType: XLSX,
      buffer: await sheet([
        ['978-1-4028-9462-6', 'Imported One', 'active'],
        ['978-1-4028-9462-7', 'Bad Digit', 'draft'],
      ]),
    });
    // The job's result is the dry run's report: the same sentences as in a request.
    await dialog
      .getByText('ISBN "978-1-4028-9462-7" is not a valid ISBN (check digit should be 6)')
      .waitFor({ timeout: 30_000 });
    expect(statuses.length).toBeGreaterThan(0);
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);

    await input.setInputFiles({
      name: 'good.xlsx',
      mimeType: XLSX,
      buffer: await sheet([['978-1-4028-9462-6', 'Imported One', 'active']]),
    });
    await dialog.getByRole('button', { name: 'Import 1 book' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('[data-testid^="book-row-"]').getByText('9781402894626').waitFor();

    // Three import jobs (two dry runs, one import), done, on the jobs screen.
    await page.goto(`${server.url}/jobs?kind=books.import`);
    const rows = page.locator('[data-testid^="job-row-"]');
    await expect.poll(() => rows.filter({ hasText: 'Done' }).count()).toBe(3);
    await page.close();
  });
});
