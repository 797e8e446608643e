import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../media/media.fixtures.ts';
import { useImportApp, workbook, zip } from './import.testing.ts';

/**
 * "Import the valid ones": a commit with validOnly=true brings in the
 * questions without a problem and answers the refused ones as a file in
 * the format they came in, with a comment on each, which imports once
 * fixed. Without validOnly a commit stays all or nothing.
 */

const h = useImportApp();
const MOODLE = readFileSync(
  new URL('../../../test/fixtures/questions/constructs.moodle.xml', import.meta.url),
);
const fileOf = (res: { json(): { refusedFile?: { base64: string } | null } }) =>
  Buffer.from(res.json().refusedFile!.base64, 'base64');

describe('questionimport: import the valid ones', () => {
  it('Moodle XML: imports the 8 valid questions; the refused one comes back as Moodle XML with a comment', async () => {
    const all = await h.send(MOODLE, 'dryRun=false', 'constructs.xml');
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ code: 'import_invalid' });
    expect(await h.count()).toBe(0);

    const res = await h.send(MOODLE, 'dryRun=false&validOnly=true', 'constructs.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 12,
      valid: 8,
      refused: 4,
      created: 8,
      committed: true,
      refusedFile: { fileName: 'constructs refused.xml', contentType: 'application/xml' },
    });
    expect(await h.count()).toBe(8);
    const xml = fileOf(res).toString();
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<quiz>\n {2}<!-- Question 11: Question 11 uses the file "bonjour\.mp3" in <source>/,
    );
    expect(xml.match(/<question /g)).toHaveLength(1);
    expect(xml).toContain('<file name="bonjour.mp3" path="/" encoding="base64">');
    // Fixed (the audio taken out), it imports.
    const fixed = xml.replace(/<audio[\s\S]*?<\/audio>/, '');
    const again = await h.send(Buffer.from(fixed), 'dryRun=false', 'fixed.xml');
    expect(again.json()).toMatchObject({ rows: 1, valid: 1, created: 1 });
    await h.clear();
  });

  it('GIFT and Aiken: the refused questions as written, a // comment above each', async () => {
    const gift =
      '::a:: Cats purr. {T}\n\n::b:: 2+2? {#four}\n\n// kept comment\n::c:: Dogs bark. {T}\n';
    const g = await h.send(Buffer.from(gift), 'dryRun=false&validOnly=true', 'animals.gift');
    expect(g.json()).toMatchObject({
      rows: 3,
      valid: 2,
      created: 2,
      refusedFile: { fileName: 'animals refused.gift' },
    });
    const giftBack = fileOf(g).toString();
    expect(giftBack).toMatch(/^\/\/ Question 2: .+\n::b:: 2\+2\? \{#four\}\n$/);

    const aiken =
      'Largest planet?\nA. Mars\nB. Jupiter\nANSWER: B\n\nSmallest planet?\nA. Mercury\nB. Earth\nANSWER: C\n';
    const a = await h.send(Buffer.from(aiken), 'dryRun=false&validOnly=true', 'planets.txt');
    expect(a.json()).toMatchObject({
      rows: 2,
      valid: 1,
      created: 1,
      refusedFile: { fileName: 'planets refused.txt' },
    });
    expect(fileOf(a).toString()).toBe(
      '// Question 2: ANSWER: C is not one of the options A to B\n// Question 2: Correct: Mark the correct option\nSmallest planet?\nA. Mercury\nB. Earth\nANSWER: C\n',
    );
    expect(await h.count()).toBe(3);
    await h.clear();
  });

  it('XLSX: the refused rows as written under the header, a note on each cell at fault', async () => {
    const sheet = await workbook([
      { Type: 'Single choice', Question: 'Fine?', 'Option A': 'a', 'Option B': 'b', Correct: 'A' },
      {
        Type: 'Single choice',
        Question: 'No key?',
        'Option A': 'a',
        'Option B': 'b',
        Correct: 'C',
      },
      { Type: 'Essay?', Question: 'Odd type', 'Option A': 'a' },
    ]);
    const res = await h.send(sheet, 'dryRun=false&validOnly=true', 'bank.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 3,
      valid: 1,
      created: 1,
      refusedFile: { fileName: 'bank refused.xlsx' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fileOf(res) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(2).value).toBe('No key?');
    expect(ws.getRow(3).getCell(2).value).toBe('Odd type');
    const notes = [2, 3].flatMap((r) =>
      (ws.getRow(r).values as unknown[])
        .map((_, c) => ws.getRow(r).getCell(c).note)
        .filter(Boolean),
    );
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(notes)).toMatch(/Row 3: /);
    expect(JSON.stringify(notes)).toMatch(/Row 4: /);
    // The refused file is a question sheet again: its problems are the same ones.
    const again = await h.send(fileOf(res), 'dryRun=true', 'bank refused.xlsx');
    expect(again.json()).toMatchObject({ rows: 2, valid: 0 });
    expect(await h.count()).toBe(1);
    await h.clear();
  });

  it('ZIP: the refused rows come back as the workbook (the images stay in the ZIP)', async () => {
    const sheet = await workbook([
      {
        Type: 'Single choice',
        Question: 'See <img src="a.png">',
        'Option A': 'a',
        'Option B': 'b',
        Correct: 'A',
      },
      {
        Type: 'Single choice',
        Question: 'See <img src="gone.png">',
        'Option A': 'a',
        'Option B': 'b',
        Correct: 'A',
      },
    ]);
    const res = await h.send(
      zip({ 'q.xlsx': sheet, 'a.png': TINY_PNG }),
      'dryRun=false&validOnly=true',
      'pictures.zip',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 2,
      valid: 1,
      created: 1,
      refusedFile: { fileName: 'pictures refused.xlsx' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fileOf(res) as never);
    const row = wb.worksheets[0]!.getRow(2);
    expect(row.getCell(2).value).toBe('See <img src="gone.png">');
    expect(row.getCell(2).note).toBe('Row 3: The image "gone.png" is not in the ZIP');
    await h.clear();
  });
});
