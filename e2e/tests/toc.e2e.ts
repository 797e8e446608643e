import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { readStoredToken, signInThroughUi } from '../support/session.ts';
import { tocRowAction, tocRows } from '../support/toc.ts';

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
    await signInThroughUi(page, server);
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

  it('moves nodes by dragging their handles, with the keyboard and the mouse, and keeps the order', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, server);
    const book = await createBookWithToc(page, '9780131103627', 'Drag book', {
      'Unit 1': ['Chapter A', 'Chapter B'],
      'Unit 2': [],
    });
    await page.goto(`${server.url}/books/${book}`);
    const section = page.getByTestId('toc-section');
    const rows = () => tocRows(section);
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '1 Chapter B', '0 Unit 2']);
    await page.screenshot({ path: '/tmp/toc-tree.png' });

    // Keyboard: Space picks the node up, ArrowDown moves it one row, Space drops it.
    await section.getByLabel('Drag Chapter A').focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(150);
    let moved = waitForMove(page);
    await page.keyboard.press('Space');
    expect(await moved).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      position: 1,
    });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter B', '1 Chapter A', '0 Unit 2']);

    // Mouse: below Unit 2 and to the left: out of Unit 1, last at the top level.
    moved = waitForMove(page);
    await dragHandle(page, 'Chapter B', 'Unit 2', { dy: 12, dx: -30 }, '/tmp/toc-dragging.png');
    expect(await moved).toEqual({ id: expect.any(Number), parentId: null, position: 2 });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '0 Unit 2', '0 Chapter B']);

    // Mouse: to the right in place: under the row above (Unit 2).
    moved = waitForMove(page);
    await dragHandle(page, 'Chapter B', 'Chapter B', { dy: 0, dx: 30 });
    expect(await moved).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      position: 0,
    });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '0 Unit 2', '1 Chapter B']);

    // Keyboard: ArrowLeft takes the node out one level, next to its old parent.
    await section.getByLabel('Drag Chapter A').focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
    moved = waitForMove(page);
    await page.keyboard.press('Space');
    expect(await moved).toEqual({ id: expect.any(Number), parentId: null, position: 1 });
    await expect.poll(rows).toEqual(['0 Unit 1', '0 Chapter A', '0 Unit 2', '1 Chapter B']);

    await page.reload();
    await expect.poll(rows).toEqual(['0 Unit 1', '0 Chapter A', '0 Unit 2', '1 Chapter B']);
    await page.screenshot({ path: '/tmp/toc-after.png' });
    await page.close();
  });
  it('marks a node free and inactive, plays an attached video, and round-trips the TOC as XLSX', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, server);
    const book = await createBookWithToc(page, '9780262033848', 'Flags book', {
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
    await page.screenshot({ path: '/tmp/toc-panel.png' });

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
    await page.screenshot({ path: '/tmp/toc-upload-bad.png' });

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'good.xlsx', mimeType: xlsx, buffer: good });
    await dialog.getByText('2 of 2 rows ready').waitFor();
    await dialog.getByText('0 new nodes · 1 updated · 0 moved').waitFor();
    await page.screenshot({ path: '/tmp/toc-upload-good.png' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Chapter Alpha').getByText('Free', { exact: true }).waitFor();
    await page.close();
  });
});

/** Creates a book and its TOC through the API: top-level units, each with its chapters. */
async function createBookWithToc(
  page: Page,
  isbn: string,
  title: string,
  units: Record<string, string[]>,
): Promise<number> {
  type Node = { id: number; title: string };
  const post = (path: string, body: unknown) => apiOk(page, server, `/book/${path}`, body);
  const book = await post('createbookcontent', { isbn, title });
  for (const [unit, chapters] of Object.entries(units)) {
    const toc = await post('addtocnode', { bookId: book.id, title: unit, kind: 'unit' });
    const parentId = (toc.nodes as Node[]).find((n) => n.title === unit)!.id;
    for (const chapter of chapters) {
      await post('addtocnode', { bookId: book.id, parentId, title: chapter, kind: 'chapter' });
    }
  }
  return book.id;
}

/** The body of the next movetocnode call. */
const waitForMove = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/api/book/movetocnode'))
    .then((r) => r.postDataJSON());

/**
 * Drags a node's handle with the mouse, in steps as a hand would, to `dy`
 * pixels from the middle of the target row's handle and `dx` to the side.
 */
async function dragHandle(
  page: Page,
  node: string,
  target: string,
  by: { dx: number; dy: number },
  screenshot?: string,
) {
  const from = (await page.getByLabel(`Drag ${node}`).boundingBox())!;
  const to = (await page.getByLabel(`Drag ${target}`).boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  await page.mouse.move(x + by.dx, to.y + to.height / 2 + by.dy, { steps: 12 });
  await page.waitForTimeout(150);
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.mouse.up();
}

/**
 * Records a short WebM in the page (a canvas changing colour, through
 * MediaRecorder) and adds it to the media library as an uploaded video: a
 * real file Chromium can play, with no binary fixture in the repository.
 */
async function addRecordedVideo(page: Page, title: string) {
  const token = (await readStoredToken(page))!.access;
  await page.evaluate(
    async ({ access, title }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const ctx = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      let frame = 0;
      const paint = setInterval(() => {
        ctx.fillStyle = `hsl(${(frame++ * 30) % 360} 80% 50%)`;
        ctx.fillRect(0, 0, 64, 48);
      }, 40);
      recorder.start(200);
      await new Promise((r) => setTimeout(r, 2500));
      const stopped = new Promise((r) => {
        recorder.onstop = r;
      });
      recorder.stop();
      await stopped;
      clearInterval(paint);
      const form = new FormData();
      form.append('file', new Blob(chunks, { type: 'video/webm' }), 'clip.webm');
      const auth = { authorization: `Bearer ${access}` };
      const up = await fetch('/api/media/uploadfile?kind=video', {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!up.ok) throw new Error(`uploadfile: ${up.status} ${await up.text()}`);
      const file = (await up.json()) as { key: string };
      const add = await fetch('/api/media/addvideo', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'upload', fileKey: file.key, fileName: 'clip.webm', title }),
      });
      if (!add.ok) throw new Error(`addvideo: ${add.status} ${await add.text()}`);
    },
    { access: token, title },
  );
}
