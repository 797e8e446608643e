import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../../test/zip-writer.ts';
import { anyCell } from '../../xlsx/columns.ts';
import { defineSheet } from '../../xlsx/sheet.ts';
import { readSheet } from './read.ts';

/**
 * The sheet's XML read directly (sheet-xml.ts): every cell kind comes back
 * as exceljs's reader gave it to the imports, from a workbook as exceljs
 * (like Excel) writes it and from hand-written XML that other tools write.
 */

const sheet = defineSheet({
  name: 'Kinds',
  maxRows: 100,
  columns: {
    a: anyCell('A', { required: true }),
    b: anyCell('B'),
  },
});
const limits = { maxUncompressedBytes: 10 * 1024 * 1024, maxEntries: 100, maxRatio: 1000 };

describe('sheet-xml: cell kinds', () => {
  it('reads shared and rich text, numbers, dates, booleans, errors and formula results', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kinds');
    ws.addRow(['A', 'B']);
    ws.addRow(['  padded text  ', 42.5]);
    ws.addRow([
      { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'and plain' }] },
      true,
    ]);
    ws.addRow([new Date(Date.UTC(2024, 1, 29)), { error: '#REF!' }]);
    ws.addRow([
      { formula: 'B7*2', result: 6 },
      { formula: 'A2', result: 'from a formula' },
    ]);
    ws.addRow([]);
    ws.addRow(['after a blank row', '   ']);
    ws.getCell('A4').numFmt = 'yyyy-mm-dd';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await readSheet(bytes, sheet, { limits });
    expect(read.rows.map((r) => [r.row, r.values.a, r.values.b])).toEqual([
      [2, 'padded text', 42.5],
      [3, 'bold and plain', true],
      [4, new Date(Date.UTC(2024, 1, 29)), undefined],
      [5, 6, 'from a formula'],
      [7, 'after a blank row', undefined],
    ]);
    expect(read.errors).toEqual([{ row: 4, column: 'B', message: 'B holds an error (#REF!)' }]);
  });

  const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const workbook = (opts: { date1904?: boolean; sheets: [string, string][] }) =>
    buildZip([
      {
        name: 'xl/workbook.xml',
        data: xml(
          `<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:workbookPr date1904="${opts.date1904 ? 1 : 0}"/><x:sheets>${opts.sheets
            .map(([rid], i) => `<x:sheet name="S${i}" sheetId="${i + 1}" r:id="${rid}"/>`)
            .join('')}</x:sheets></x:workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: xml(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${opts.sheets
            .map(
              ([rid, target]) => `<Relationship Id="${rid}" Type="worksheet" Target="${target}"/>`,
            )
            .join('')}</Relationships>`,
        ),
      },
      {
        name: 'xl/styles.xml',
        data: xml(
          '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;on&quot; d mmm yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>',
        ),
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: xml(
          '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>not the first sheet</t></is></c></row></sheetData></worksheet>',
        ),
      },
      {
        name: 'xl/worksheets/sheet2.xml',
        data: xml(
          '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
            '<x:row r="3"><x:c r="B3" t="inlineStr"><x:is><x:t>B</x:t></x:is></x:c><x:c r="A3" t="inlineStr"><x:is><x:t>A</x:t></x:is></x:c></x:row>' +
            '<x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:r><x:t>ri</x:t></x:r><x:r><x:t xml:space="preserve">ch &amp;lt;</x:t></x:r><x:rPh><x:t>hint</x:t></x:rPh></x:is></x:c><x:c r="B4" s="1"><x:v>1</x:v></x:c></x:row>' +
            '<x:row r="5"><x:c r="A5" t="b"><x:v>0</x:v></x:c><x:c r="B5" s="2"><x:f>TODAY()</x:f><x:v>0</x:v></x:c></x:row>' +
            '<x:row r="6"><x:c r="A6" t="e"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c><x:c r="B6" t="str"><x:f>"a"</x:f><x:v>&lt;p&gt;</x:v></x:c></x:row>' +
            '</x:sheetData></x:worksheet>',
        ),
      },
    ]);

  it('reads the first sheet through its relationship, prefixed XML, inline rich text and 1904 dates', async () => {
    const bytes = workbook({
      date1904: true,
      sheets: [
        ['rId7', '/xl/worksheets/sheet2.xml'],
        ['rId1', 'worksheets/sheet1.xml'],
      ],
    });
    const read = await readSheet(bytes, sheet, { limits });
    expect(read.errors).toEqual([{ row: 6, column: 'A', message: 'A holds an error (#DIV/0!)' }]);
    const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
    expect(read.rows.map((r) => [r.row, r.values.a, r.values.b])).toEqual([
      [4, 'rich &lt;', day(1904, 0, 2)],
      [5, false, day(1904, 0, 1)],
      [6, undefined, '<p>'],
    ]);
  });

  it('reads the sheet the workbook lists first, whatever its part is called', async () => {
    const bytes = workbook({ sheets: [['rId1', 'worksheets/sheet1.xml']] });
    const read = await readSheet(bytes, sheet, { limits });
    expect(read.rows.map((r) => r.values.a)).toEqual(['not the first sheet']);
    expect(read.errors).toEqual([]);
  });

  it('refuses a sheet whose XML is broken as a corrupt workbook', async () => {
    const bytes = buildZip([
      {
        name: 'xl/worksheets/sheet1.xml',
        data: xml('<worksheet><sheetData><row><c><v>1</c></row>'),
      },
    ]);
    await expect(readSheet(bytes, sheet, { limits })).rejects.toMatchObject({
      status: 400,
      code: 'xlsx_corrupt',
    });
    const blank = buildZip([{ name: 'docProps/app.xml', data: xml('<Properties/>') }]);
    await expect(readSheet(blank, sheet, { limits })).rejects.toMatchObject({ code: 'xlsx_empty' });
  });
});
