import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk, callApi } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { expectInert } from '../support/xss.ts';

/**
 * KaTeX payloads in the question bank (issue 9, section 5; HTML payloads are
 * in questions-xss.e2e.ts): refused where they could be stored (and in the
 * editor's formula dialog) and their report renders as text; heavy formulas
 * render in bounded time.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (page: Page, path: string, body?: unknown) => apiOk(page, server, path, body);

/** TeX that tries to link, load, tag or expand without end. */
const katexPayloads = [
  '\\href{javascript:window.__xss=1}{click}',
  '\\url{javascript:window.__xss=1}',
  '\\includegraphics{https://evil.example/a.png}',
  '\\htmlData{x=1}{y}',
  // 2^10 expansions of one \a: far past maxExpand.
  `${'abcdefghij'
    .split('')
    .map(
      (c, i, all) => `\\def\\${c}{${i + 1 < all.length ? `\\${all[i + 1]}\\${all[i + 1]}` : 'x'}}`,
    )
    .join('')}\\a`,
  '\\def\\x{\\x\\x}\\x',
];

describe('KaTeX payloads in the question bank', () => {
  it('refuses KaTeX payloads at save and import, shows the report as text, renders heavy math in bounded time', async () => {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await signIn(page, server);
    for (const tex of katexPayloads) {
      const res = await callApi(page, server, '/questions/addquestions', {
        questions: [{ type: 'subjective', stem: `<p>\\(${tex}\\)</p>`, modelAnswer: '<p>m</p>' }],
      });
      expect(res.status, tex).toBe(400);
    }

    // Through an import: every payload is a problem of its row, shown as text.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Questions');
    ws.addRow(['Type', 'Question', 'Model answer']);
    for (const tex of katexPayloads) ws.addRow(['Subjective', `\\(${tex}\\)`, 'm']);
    await page.goto(`${server.url}/questions`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'katex.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await dialog.getByText(`0 of ${katexPayloads.length} rows ready`).waitFor();
    expect(await dialog.locator('.katex').count()).toBe(0);
    await expectInert(page, 'import report of KaTeX payloads');
    await page.keyboard.press('Escape');

    // Many large formulas at the limits render within a set time.
    const heavy = `\\(${'\\frac{a+b}{'.repeat(12)}x${'}'.repeat(12)}\\)`;
    const stem = `<p>Heavy ${Array.from({ length: 40 }, () => heavy).join(' ')}</p>`;
    const added = await ok(page, '/questions/addquestions', {
      questions: [{ type: 'subjective', stem, modelAnswer: '<p>m</p>' }],
    });
    const id = added.items[0].id;
    await page.goto(`${server.url}/questions?type=subjective`);
    const started = Date.now();
    const row = page.getByTestId(`question-stem-${id}`);
    await expect.poll(() => row.locator('.katex').count(), { timeout: 5000 }).toBe(40);
    expect(Date.now() - started).toBeLessThan(5000);
    await expectInert(page, 'heavy formulas');
    await page.close();
  });

  it("KaTeX payloads in the editor's formula dialog are refused or drawn inert, each in bounded time", async () => {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await signIn(page, server);
    await page.goto(`${server.url}/questions/new`);
    await page
      .getByLabel('Question: formatting')
      .getByRole('button', { name: 'Insert formula' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Formula' });
    const preview = dialog.getByTestId('math-preview');
    const insert = dialog.getByRole('button', { name: 'Insert formula' });
    for (const tex of katexPayloads) {
      const started = Date.now();
      await dialog.getByLabel('LaTeX').fill(tex);
      // Either refused with KaTeX's reason (Insert disabled) or drawn with trust off.
      await expect
        .poll(
          async () =>
            (await dialog.getByText(/This formula is invalid/).count()) > 0 ||
            (await preview.locator('.katex').count()) > 0,
          { timeout: 5000 },
        )
        .toBe(true);
      expect(Date.now() - started, tex).toBeLessThan(5000);
      if ((await dialog.getByText(/This formula is invalid/).count()) > 0)
        expect(await insert.isDisabled(), tex).toBe(true);
      // Nothing drawn links, loads an image or carries data attributes from the TeX.
      expect(await preview.locator('a, img, [data-x]').count(), tex).toBe(0);
      await expectInert(page, `formula dialog: ${tex.slice(0, 40)}`);
    }
    await page.close();
  });
});
