import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { addRecordedVideo } from '../support/media-video.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc, tocRowAction } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('book TOC', () => {
  it('adds nodes, renames inline, uploads a PDF with progress and opens it, deletes with the impact', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const book = await apiOk(page, server, '/book/createbookcontent', {
      isbn: '9780306406157',
      title: 'TOC book',
    });
    await page.goto(`${server.url}/books/${book.id}`);
    const section = page.getByTestId('toc-section');
    await section.getByText('No TOC yet').waitFor();

    await section.getByRole('button', { name: 'Add a top-level node' }).click();
    await section.getByLabel('New node title').fill('Unit 1');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await section.getByText('Unit 1', { exact: true }).waitFor();

    await tocRowAction(section, 'Unit 1', 'Add chapter under it');
    await section.getByLabel('New node title').fill('Chapter A');
    await section.getByLabel('New node title').press('Enter');
    await section.getByText('Chapter A', { exact: true }).waitFor();

    await tocRowAction(section, 'Chapter A', 'Rename');
    await section.getByLabel('Node title').fill('Chapter One');
    await section.getByLabel('Node title').press('Enter');
    await section.getByText('Chapter One', { exact: true }).waitFor();

    await section.getByText('Chapter One', { exact: true }).click();
    const panel = page.getByTestId('toc-node-panel');
    await panel.locator('input[type=file]').setInputFiles({
      name: 'sheet.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await panel.getByLabel('PDF title').fill('Worksheet');
    await panel.getByRole('button', { name: 'Upload' }).click();
    await panel.getByText(/Worksheet · 1 page$/).waitFor();
    const href = await panel.getByRole('link', { name: 'Open' }).getAttribute('href');
    const opened = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { status: res.status, type: res.headers.get('content-type') };
    }, href);
    expect(opened).toEqual({ status: 200, type: 'application/pdf' });
    await section.getByText('· 1 item').waitFor();

    await tocRowAction(section, 'Unit 1', 'Delete');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/removes 2 nodes .* and 1 content item/).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No TOC yet').waitFor();
  });

  it('marks a node free and inactive, plays an attached video, and round-trips the TOC as XLSX', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    const book = await createBookWithToc(page, server, '9780262033848', 'Flags book', {
      'Unit 1': ['Chapter A'],
    });
    await addRecordedVideo(page, 'Clip for chapter');
    await page.goto(`${server.url}/books/${book}`);
    const section = page.getByTestId('toc-section');
    const row = (title: string) => section.getByTestId('toc-node').filter({ hasText: title });
    await row('Chapter A').getByText('Chapter A', { exact: true }).click();
    const panel = page.getByTestId('toc-node-panel');

    // Free and status: saved at once, shown on the row, kept after a reload.
    await panel.getByRole('switch', { name: 'Free: Chapter A' }).click();
    await row('Chapter A').getByText('Free', { exact: true }).waitFor();
    await panel.getByText('Inactive', { exact: true }).click();
    await row('Chapter A').getByText('Inactive', { exact: true }).waitFor();
    await page.reload();
    await row('Chapter A').getByText('Free', { exact: true }).waitFor();
    await row('Chapter A').getByText('Chapter A', { exact: true }).click();
    expect(await panel.getByRole('switch', { name: 'Free: Chapter A' }).isChecked()).toBe(true);
    await panel.getByText('Active', { exact: true }).click();
    await row('Chapter A').getByText('Inactive', { exact: true }).waitFor({ state: 'detached' });

    // A video from the media library: attached, then played in the panel.
    await panel.getByLabel('Search media').fill('Clip');
    await panel.getByRole('button', { name: 'Attach' }).click();
    await panel.getByTestId('toc-content-item').getByText('Clip for chapter').waitFor();
    await panel.getByRole('button', { name: 'Play Clip for chapter' }).click();
    const player = panel.getByLabel('Player: Clip for chapter');
    await expect
      .poll(() => player.evaluate((el: HTMLVideoElement) => !el.paused && el.currentTime > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await shot(page, 'toc-panel', { fullPage: false });

    // XLSX: download, a bad cell is reported by row and column, a good file is applied.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download TOC (XLSX)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as never);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => headers.indexOf(name);
    expect(headers).toEqual(
      expect.arrayContaining(['Level 1', 'Level 2', 'Node Id', 'Kind', 'Free']),
    );
    const chapterRow = sheet.getRow(3);
    expect(chapterRow.getCell(col('Level 2')).value).toBe('Chapter A');
    expect(chapterRow.getCell(col('Free')).value).toBe('Yes');
    chapterRow.getCell(col('Level 2')).value = 'Chapter Alpha';
    chapterRow.getCell(col('Kind')).value = 'chapterz';
    const bad = Buffer.from(await wb.xlsx.writeBuffer());
    chapterRow.getCell(col('Kind')).value = 'chapter';
    const good = Buffer.from(await wb.xlsx.writeBuffer());

    await section.getByRole('button', { name: 'Upload TOC' }).click();
    const dialog = page.getByRole('dialog');
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'bad.xlsx', mimeType: xlsx, buffer: bad });
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    await problems.getByRole('cell', { name: 'Kind', exact: true }).waitFor();
    expect(await problems.getByRole('cell', { name: '3', exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await shot(page, 'toc-upload-bad', { fullPage: false });

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'good.xlsx', mimeType: xlsx, buffer: good });
    await dialog.getByText('2 of 2 rows ready').waitFor();
    await dialog.getByText('0 new nodes · 1 updated · 0 moved').waitFor();
    await shot(page, 'toc-upload-good', { fullPage: false });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Chapter Alpha').getByText('Free', { exact: true }).waitFor();
    await page.close();
  });
});
