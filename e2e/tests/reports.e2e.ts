import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

// The demo data (`npm run seed:demo`, two books): learners, sessions,
// redemptions, feedback and scans over the last months.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  // Refreshes every 2 s (30 s by default on PGlite): the scans below show sooner.
  // A local trial: the code made below encodes this test server's loopback address.
  { REPORTS_REFRESH_SECONDS: '2', QR_LOCAL_TRIAL: 'true' },
  { demoBooks: 2 },
);

const DAY_MS = 86_400_000;
const day = (ago: number) => new Date(Date.now() - ago * DAY_MS).toISOString().slice(0, 10);
const FROM = day(364);
const TO = day(0);

/** The figure a tile shows, as a number ("1,234" → 1234). */
async function figure(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).getByTestId('figure-value').textContent();
  return Number(text!.replace(/[^\d.]/g, ''));
}

/** Downloads the report behind a card's button; answers the data rows of the file. */
async function downloadRows(page: Page, card: string, format: 'csv' | 'xlsx'): Promise<string[][]> {
  await page
    .getByTestId(card)
    .getByRole('button', { name: /^Download the report/ })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('menuitem', { name: format === 'csv' ? 'CSV (any size)' : 'Excel (XLSX)' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`${FROM} to ${TO}\\.${format}$`));
  const bytes = await readFile((await download.path())!);
  if (format === 'csv') {
    const lines = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    return lines.slice(1).map((line) => line.split(','));
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1).map(String));
  });
  return rows;
}

describe('reports and dashboard', () => {
  it('the dashboard is home: tiles with trends, charts, top books, links to work waiting', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    await page.getByTestId('tile-learners-total').waitFor();
    expect(await figure(page, 'tile-learners-total')).toBeGreaterThan(0);
    for (const tile of ['tile-learners-new', 'tile-redemptions', 'tile-scans', 'tile-views']) {
      await page.getByTestId(tile).getByTestId('trend').waitFor();
    }
    await page.getByTestId('top-books').getByRole('row').nth(1).waitFor();
    // The dashboard's day charts are plain SVG (components/charts/day-lines.tsx), one line per series.
    // One line per series (today's dashed segment, still counting, is drawn apart).
    await expect
      .poll(() =>
        page.getByTestId('chart-activity').locator('polyline:not([data-partial])').count(),
      )
      .toBe(3);
    await shot(page, 'dashboard');
    await page.locator('label', { hasText: '90 days' }).click();
    await page.waitForURL(/days=90/);
    await page.getByText('The last 90 days').waitFor();
    await expectAccessible(page, 'dashboard');
    await page.getByRole('link', { name: 'Open the codes without content' }).click();
    await page.getByRole('tab', { name: 'Codes without content', selected: true }).waitFor();
    await page.close();
  });

  it('each report shows its figures and charts, and its download holds the rows counted', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    // Each report: its tab, the figure counting the download's rows, the card to download from.
    const reports = [
      { tab: 'Learners', figure: 'figure-registered', card: 'table-learners', format: 'csv' },
      { tab: 'Sessions', figure: 'figure-sessions', card: 'chart-sessions', format: 'xlsx' },
      {
        tab: 'Redemptions',
        figure: 'figure-redemptions',
        card: 'table-redemptions',
        format: 'csv',
      },
      { tab: 'Feedback', figure: 'figure-feedback', card: 'chart-feedback', format: 'csv' },
      { tab: 'QR scans', figure: 'figure-scans', card: 'table-scans', format: 'xlsx' },
    ] as const;
    // The demo's scans first, then three scans of a fresh code through the public address.
    await page.goto(`${server.url}/reports?from=${FROM}&to=${TO}`);
    await page.getByRole('tab', { name: 'QR scans' }).click();
    await page.getByTestId('figure-scans').waitFor();
    const demoScans = await figure(page, 'figure-scans');
    const [book] = (
      (await apiOk(page, server, '/book/getisbn?pageSize=1')) as { items: { id: number }[] }
    ).items;
    await apiOk(page, server, '/book/generateqrcode', {
      mode: 'spare',
      bookId: book!.id,
      count: 1,
    });
    const codes = (await apiOk(page, server, `/book/getgenerateqrcodes?bookId=${book!.id}`)) as {
      items: { code: string }[];
    };
    for (let i = 0; i < 3; i++) {
      const scan = await fetch(`${server.url}/q/${codes.items[0]!.code}`, { redirect: 'manual' });
      expect(scan.status).toBeLessThan(500);
    }
    await page.goto(`${server.url}/reports?from=${FROM}&to=${TO}`);
    for (const r of reports) {
      await page.getByRole('tab', { name: r.tab }).click();
      await page.getByTestId(r.figure).waitFor();
      if (r.tab === 'QR scans') {
        // The scans above reach the report through the aggregates' refresh
        // (a job run each minute that refreshes every REPORTS_REFRESH_SECONDS,
        // docs/reports.md): within a minute, not at once.
        await expect
          .poll(
            async () => {
              await page.reload();
              await page.getByTestId(r.figure).waitFor();
              return figure(page, r.figure);
            },
            { timeout: 60_000, interval: 2_000 },
          )
          .toBe(demoScans + 3);
      }
      await page.getByTestId(r.card).waitFor();
      expect(page.url()).toContain(`from=${FROM}`);
      const counted = await figure(page, r.figure);
      // Every chart of the report is drawn (recharts' surface), the session lengths with bars.
      await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThan(0);
      if (r.tab === 'Sessions')
        await page
          .getByTestId('chart-lengths')
          .locator('.recharts-bar-rectangle path')
          .first()
          .waitFor();
      await shot(page, `report-${r.tab}`);
      const rows = await downloadRows(page, r.card, r.format);
      expect(rows.length, `${r.tab} rows`).toBe(counted);
      expect(counted, `${r.tab} has data`).toBeGreaterThanOrEqual(r.tab === 'QR scans' ? 3 : 1);
      await expectAccessible(page, `${r.tab} report`);
    }
    await page.close();
  });

  it('one book, then two books side by side on every figure, with their download', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const books = (await apiOk(page, server, '/book/getisbn?pageSize=10')) as {
      items: { id: number; title: string; isbn: string }[];
    };
    expect(books.items.length).toBeGreaterThanOrEqual(2);
    const [a, b] = books.items;

    await page.goto(`${server.url}/reports?report=book&from=${FROM}&to=${TO}`);
    await page.getByRole('combobox', { name: 'Book' }).fill(a!.isbn);
    await page.getByRole('option', { name: `${a!.title} (${a!.isbn})` }).click();
    await page.waitForURL(new RegExp(`bookId=${a!.id}`));
    await page.getByTestId('chart-book').waitFor();
    await page.getByText('Assessment attempts').waitFor();
    await shot(page, 'book');
    await expectAccessible(page, 'one book report');

    await page.getByRole('tab', { name: 'Compare books' }).click();
    const picker = page.getByRole('combobox', { name: 'Books to compare (two to four)' });
    for (const book of [a!, b!]) {
      await picker.fill(book.isbn);
      await page.getByRole('option', { name: `${book.title} (${book.isbn})` }).click();
    }
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`bookIds=${a!.id}%2C${b!.id}|bookIds=${a!.id},${b!.id}`));
    const table = page.getByTestId('table-compare');
    await table.waitFor();
    for (const metric of ['learners', 'redemptions', 'views', 'scans', 'feedback', 'attempts']) {
      // One cell per book on every figure.
      expect(await table.getByTestId(`compare-${metric}`).getByRole('cell').count()).toBe(2);
    }
    await table.getByRole('columnheader', { name: new RegExp(a!.isbn) }).waitFor();
    await shot(page, 'compare');
    await expectAccessible(page, 'books comparison');
    const rows = await downloadRows(page, 'table-compare', 'csv');
    expect(rows.length).toBeGreaterThan(0);
    await page.close();
  });

  it("an assessment's results: attempts, score distribution, questions", async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const list = (await apiOk(page, server, '/toc/quiz/listofpractices?pageSize=1')) as {
      items: { id: number }[];
    };
    const id = list.items[0]!.id;
    // From the builder, its link to the results.
    await page.goto(`${server.url}/practices/${id}`);
    await page.getByRole('link', { name: 'Results' }).click();
    await page.waitForURL(new RegExp(`/reports/assessments/${id}`));
    await page.getByTestId('figure-attempts').waitFor();
    await page.getByTestId('table-questions').waitFor();
    // Questions are numbered from 1, as the learner meets them.
    const firstRow = page.getByTestId('table-questions').getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell').first().textContent()).toBe('1');
    // The marks earned per answer, against what the item is worth.
    await page.getByRole('columnheader', { name: 'Average marks' }).waitFor();
    expect(await firstRow.getByRole('cell').nth(4).textContent()).toMatch(
      /^(—|-?[\d.]+ of [\d.]+)$/,
    );
    await page.getByTestId('chart-scores').locator('.recharts-surface').waitFor();
    await shot(page, 'assessment-results');
    await expectAccessible(page, 'assessment results');
    await page.close();
  });
});
