import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { text } from '../../xlsx/columns.ts';
import { writeXlsx } from '../../xlsx/export.ts';
import { defineSheet } from '../../xlsx/sheet.ts';
import { readSheet } from './read.ts';

/**
 * Cell text is read exactly once: text that spells markup or entities comes
 * back as written, from the cells our own export writes (`str`) and from
 * inline strings (`inlineStr`), not decoded a second time (exceljs's reader decoded them twice; sheet-xml.ts
 * leaves the decoding to the XML parser).
 */

const sheet = defineSheet({
  name: 'Texts',
  maxRows: 100,
  columns: { body: text('Body', { required: true, max: 500, multiline: true }) },
});
const limits = { maxUncompressedBytes: 10 * 1024 * 1024, maxEntries: 100, maxRatio: 1000 };
const TEXTS = [
  '&lt;img src=x onerror=alert(1)&gt;',
  'a &amp;lt; b &amp;amp; c',
  '<p>x &gt; y</p>',
  'Tom &amp; Jerry &quot;quoted&quot; &apos;single&apos;',
  'plain & < > " \'',
];

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}

const bodies = async (bytes: Buffer) =>
  (await readSheet(bytes, sheet, { limits })).rows.map((r) => r.values.body);

describe('readSheet: cell text', () => {
  it('reads the string cells of our own export as written', async () => {
    const bytes = await collect((out) =>
      writeXlsx(out, [
        {
          name: 'Texts',
          columns: [{ header: 'Body', key: 'body' }],
          rows: TEXTS.map((body) => ({ body })),
        },
      ]),
    );
    expect(await bodies(bytes)).toEqual(TEXTS);
  });

  it('reads inline strings as written', async () => {
    const bytes = await collect(async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
      const ws = wb.addWorksheet('Texts');
      ws.addRow(['Body']).commit();
      for (const body of TEXTS) ws.addRow([{ richText: [{ text: body }] }]).commit();
      ws.commit();
      await wb.commit();
    });
    expect(await bodies(bytes)).toEqual(TEXTS);
  });

  it('reads shared strings (as Excel writes them) as written', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Texts');
    ws.addRow(['Body']);
    for (const body of TEXTS) ws.addRow([body]);
    expect(await bodies(Buffer.from(await wb.xlsx.writeBuffer()))).toEqual(TEXTS);
  });
});
