import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { problemSheet } from './problem-sheet.ts';

/**
 * Read back with exceljs (the server's own XLSX library, installed for the
 * API) to prove the hand-built workbook is one a spreadsheet program opens.
 */
async function readBack(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, widths: sheet.columns.map((c) => c.width) };
}

describe('problemSheet', () => {
  it('writes a workbook that opens with the rows as given', async () => {
    const blob = problemSheet(
      'Problems',
      [
        { header: 'Row', width: 8 },
        { header: 'Column', width: 20 },
        { header: 'Problem', width: 80 },
      ],
      [
        [3, 'Correct', 'Mark the correct option'],
        [7, 'Stem', 'Formula at 4: Undefined control sequence \\fra & <b>'],
        [9, 'Grade', 'हिंदी text stays'],
      ],
    );
    const read = await readBack(blob);
    expect(read.name).toBe('Problems');
    expect(read.widths).toEqual([8, 20, 80]);
    expect(read.rows).toEqual([
      ['Row', 'Column', 'Problem'],
      [3, 'Correct', 'Mark the correct option'],
      [7, 'Stem', 'Formula at 4: Undefined control sequence \\fra & <b>'],
      [9, 'Grade', 'हिंदी text stays'],
    ]);
  });

  it('never writes a text a spreadsheet would run as a formula', async () => {
    const blob = problemSheet(
      'Problems',
      [{ header: 'Problem', width: 10 }],
      [['=HYPERLINK("http://evil.example","x")'], ['+1'], ['\u0001bell']],
    );
    const read = await readBack(blob);
    expect(read.rows.slice(1)).toEqual([
      ['\'=HYPERLINK("http://evil.example","x")'],
      ["'+1"],
      ['bell'],
    ]);
  });
});
