import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../../test/zip-writer.ts';
import { AppError } from '../../errors.ts';
import { text } from '../../xlsx/columns.ts';
import { defineSheet } from '../../xlsx/sheet.ts';
import { readSheet } from './read.ts';
import { inspectZip } from './zip.ts';

/** The zip-bomb guard, run before any parser sees an uploaded workbook. */

const LIMITS = { maxUncompressedBytes: 50 * 1024 * 1024, maxEntries: 1000, maxRatio: 200 };
const MB = 1024 * 1024;
const SHEET = defineSheet({
  name: 'Probe',
  maxRows: 10,
  columns: { title: text('Title', { required: true, max: 20 }) },
});

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('xlsx import: zip guard', () => {
  const bomb = (size: number) => Buffer.alloc(size, 0x20);

  it('refuses bytes that are not a zip with 415', async () => {
    const err = await refusal(() => inspectZip(Buffer.from('<html>hi</html>'), LIMITS));
    expect(err.status).toBe(415);
    const viaParse = await refusal(readSheet(Buffer.from('%PDF-1.7'), SHEET, { limits: LIMITS }));
    expect(viaParse.status).toBe(415);
  });

  it('refuses a part that unpacks absurdly (ratio) before any parser runs', async () => {
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb(40 * MB) }]);
    expect(zip.length).toBeLessThan(MB);
    const err = await refusal(readSheet(zip, SHEET, { limits: LIMITS }));
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/zip bomb/);
  });

  it('refuses a total uncompressed size over the limit', async () => {
    const random = (n: number) =>
      Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919) % 251));
    const zip = buildZip([
      { name: 'a.xml', data: random(300_000) },
      { name: 'b.xml', data: random(300_000) },
    ]);
    const err = await refusal(() => inspectZip(zip, { ...LIMITS, maxUncompressedBytes: 500_000 }));
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/unpacks to more than/);
  });

  it('refuses more entries than allowed', async () => {
    const zip = buildZip(
      Array.from({ length: 1001 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('x') })),
    );
    const err = await refusal(() => inspectZip(zip, LIMITS));
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/more than 1000 parts/);
  });

  it('refuses a part that lies about its size', async () => {
    const zip = buildZip([
      { name: 'xl/sharedStrings.xml', data: bomb(20 * MB), declaredSize: 1000 },
    ]);
    const err = await refusal(() => inspectZip(zip, LIMITS));
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/more than it declares/);
  });

  it('holds a streamed part to its declared size as it is read', async () => {
    // The sheet and the shared strings are not unpacked whole by the guard
    // (sheet-xml.ts streams them): the reader refuses them at the cap.
    for (const name of ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml']) {
      const zip = buildZip([
        { name: 'xl/worksheets/sheet2.xml', data: Buffer.from('<worksheet/>') },
        { name, data: bomb(20 * MB), declaredSize: 1000 },
      ]);
      const err = await refusal(readSheet(zip, SHEET, { limits: LIMITS }));
      expect(err.status).toBe(413);
      expect(err.message).toMatch(/more than it declares/);
    }
    const short = buildZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 50 },
    ]);
    const err = await refusal(readSheet(short, SHEET, { limits: LIMITS }));
    expect([err.status, err.code]).toEqual([400, 'xlsx_corrupt']);
  });

  it('accepts a real workbook', async () => {
    const entries = await inspectZip(await xlsxOf([['Title'], ['x']]), LIMITS);
    expect(entries.map((e) => e.name)).toContain('xl/workbook.xml');
  });
});
