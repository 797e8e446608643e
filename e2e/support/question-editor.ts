import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The question editor as a person uses it (questions-editor.e2e.ts): its
 * fields and toolbars, the formula dialog, an image chosen from disk, the
 * type, saving, and the preview's rendered stem.
 */

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A real 24×24 RGB PNG (a diagonal split in two colours): the server sniffs it, Chromium draws it. */
function makePng(): Buffer {
  const size = 24;
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.from([
      0,
      ...Array.from({ length: size }, (_, x) => (x > y ? [40, 90, 200] : [240, 180, 40])).flat(),
    ]),
  );
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG as a file on disk, chosen as a person would. */
const pngPath = path.join(mkdtempSync(path.join(tmpdir(), 'q-editor-')), 'figure.png');
writeFileSync(pngPath, makePng());

export const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });
/** A TagsInput's own input (a combobox). */
export const tagsField = (page: Page, label: string) =>
  page.getByRole('combobox', { name: label, exact: true });
export const toolbar = (page: Page, label: string) => page.getByLabel(`${label}: formatting`);

export async function typeInto(page: Page, label: string, text: string) {
  await field(page, label).click();
  await page.keyboard.type(text);
}

/** The math button: TeX typed in the dialog, drawn live, inserted as \( … \) or \[ … \]. */
export async function insertFormula(page: Page, label: string, tex: string, display = false) {
  await toolbar(page, label).getByRole('button', { name: 'Insert formula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formula' });
  await dialog.getByLabel('LaTeX').fill(tex);
  if (display) await dialog.getByText('On its own line').click();
  await dialog.getByTestId('math-preview').locator('.katex').waitFor();
  await dialog.getByRole('button', { name: 'Insert formula' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function addImage(page: Page, label: string) {
  await toolbar(page, label).locator('input[type="file"]').setInputFiles(pngPath);
}

export async function chooseType(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save question' }).last().click();
  await page.waitForURL(/\/questions\/\d+$/);
  await page.getByRole('heading', { name: /^Question #\d+$/ }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The saved question's preview: the stem drawn by KaTeX, with our uploaded image. */
export async function expectRenderedStem(page: Page) {
  const stem = page.getByTestId('preview-stem');
  await stem.locator('.katex').first().waitFor();
  await stem.locator('img[src^="/api/questions/image?key="]').waitFor();
  const loaded = await stem
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);
}

/** Stem with a formula from the dialog and an uploaded image, seen in the live preview. */
export async function writeStem(page: Page, words: string, tex: string) {
  await typeInto(page, 'Question', `${words} `);
  await insertFormula(page, 'Question', tex);
  await page.keyboard.type(' ');
  await addImage(page, 'Question');
  await page.getByTestId('preview-stem').locator('img').waitFor();
}
