import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
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

const column = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The sheet's row (1-based) whose column `header` holds `text`. */
function rowOf(ws: ExcelJS.Worksheet, header: string, text: string) {
  const headers = (ws.getRow(1).values as unknown[]).map(String);
  const at = headers.indexOf(header);
  for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(at).text === text) return r;
  throw new Error(`no row with ${header} ${text}`);
}

describe('curriculum workbook', () => {
  it('downloads the workbook, takes it back edited: each change from → to, then applied', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    await page.goto(`${server.url}/curriculum`);
    await column(page, 'Grades')
      .getByRole('button', { name: /^Class 4 / })
      .click();
    await page.waitForURL(/grade=\d+/);
    const input = column(page, 'Subjects').getByLabel('New subject');
    await input.fill('Geography');
    await input.press('Enter');
    await column(page, 'Subjects')
      .getByRole('button', { name: /^Geography/ })
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download workbook' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Curriculum.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Subjects', 'Chapters', 'Topics']);
    const subjects = wb.getWorksheet('Subjects')!;
    const row = rowOf(subjects, 'Subject', 'Geography');
    subjects.getRow(row).getCell(2).value = 'Geography and maps';
    wb.getWorksheet('Chapters')!.addRow(['Class 4', 'Geography', null, 'Rivers']);
    const edited = Buffer.from(await wb.xlsx.writeBuffer());

    await shot(page, 'curriculum-page-actions', { fullPage: false });
    await page.getByRole('button', { name: 'Update from workbook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'Curriculum.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: edited,
    });
    await dialog.getByText(/^1 new · 1 updated · \d+ unchanged$/).waitFor();
    const changes = dialog.getByRole('table', { name: 'Changes the import makes' });
    await expect
      .poll(() => changes.locator('tbody tr').first().innerText())
      .toMatch(new RegExp(`^${row}\\s+Subjects › Subject\\s+Geography\\s+Geography and maps$`));
    await expectAccessible(page, 'curriculum workbook import with changes');
    await shot(page, 'curriculum-workbook-changes', { fullPage: false });
    await dialog.getByRole('button', { name: 'Import 1 new, update 1' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 item was imported and 1 updated.').waitFor();
    await column(page, 'Subjects')
      .getByRole('button', { name: /^Geography and maps/ })
      .click();
    await column(page, 'Chapters')
      .getByRole('button', { name: /^Rivers Ch\. 1/ })
      .waitFor();
    await page.close();
  });
});
