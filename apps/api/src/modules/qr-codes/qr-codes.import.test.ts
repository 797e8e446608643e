import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import {
  hasLibreOffice,
  readWithLibreOffice,
  saveWithLibreOffice,
} from '../../test/libreoffice.ts';
import { bookCodes, generate, get, newBook, post, useQrTestApp } from './qr-codes.testing.ts';

/**
 * A book's codes sheet comes back as an import: unchanged it changes
 * nothing, edited (in LibreOffice where the machine has it) it retargets,
 * enables and disables exactly the codes edited, each change listed first;
 * a code changed since the download is a problem; scans follow at once.
 */
const w = useQrTestApp();

async function upload(bytes: Buffer, dryRun: boolean, status = 200) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'QR codes.xlsx');
  const res = new Response(form);
  const answer = await w.t.as(w.token, {
    method: 'POST',
    url: `/api/book/uploadqrcodes?dryRun=${dryRun}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
}

const download = async (bookId = w.bookId) => {
  const res = await get(w, `/book/downloadqrcodes?bookId=${bookId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
const scan = (code: string) =>
  w.t.app.inject({ method: 'GET', url: `/q/${code}`, remoteAddress: '203.0.113.9' });

describe('the QR codes sheet as an import', () => {
  it('sent back unchanged, it changes nothing and says so', async () => {
    await generate(w, { mode: 'nodes', bookId: w.bookId });
    await generate(w, { mode: 'spare', bookId: w.bookId, count: 2 });
    const rows = await readWithLibreOfficeOrExcel(await download());
    expect(rows[0]).toEqual([
      'Code',
      'Target',
      'Target ID',
      'Opens',
      'Enabled',
      'ID',
      'Updated at',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1, 3))).toEqual([
      ['node', `${w.nodes[0]}`],
      ['node', `${w.nodes[1]}`],
      ['node', `${w.nodes[2]}`],
      ['', ''],
      ['', ''],
    ]);
    const report = await upload(await download(), true);
    expect(report).toMatchObject({ rows: 5, valid: 5, errors: [] });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 5, changes: [] });
  });

  it.skipIf(!hasLibreOffice())(
    'edited in LibreOffice, it applies exactly the edits, listed first; scans follow at once; sent again, the changed rows are refused',
    async () => {
      const codes = await bookCodes(w, w.bookId);
      const first = codes.find((c) => c.targetId === w.nodes[0])!;
      expect((await scan(first.code)).statusCode).toBe(302);
      const rows = await readWithLibreOffice(await download());
      const header = rows[0]!;
      const col = (name: string) => header.indexOf(name);
      rows[1]![col('Target ID')] = `${w.nodes[2]}`;
      rows[2]![col('Enabled')] = 'No';
      rows[4]![col('Target')] = 'book';
      const edited = await saveWithLibreOffice(rows);

      const check = await upload(edited, true);
      expect(check).toMatchObject({ rows: 5, valid: 5, errors: [], committed: false });
      expect(check).toMatchObject({ created: 0, updated: 3, unchanged: 2 });
      expect(check.changes).toEqual([
        { row: 2, column: 'Target ID', from: `${w.nodes[0]}`, to: `${w.nodes[2]}` },
        { row: 3, column: 'Enabled', from: 'Yes', to: 'No' },
        { row: 5, column: 'Target', from: '', to: 'book' },
        { row: 5, column: 'Target ID', from: '', to: `${w.bookId}` },
      ]);
      w.t.clock.advance(60_000);
      const done = await upload(edited, false);
      expect(done).toMatchObject({ committed: true, updated: 3, unchanged: 2 });
      const after = new Map((await bookCodes(w, w.bookId)).map((c) => [c.id, c]));
      expect(after.get(first.id)).toMatchObject({ targetKind: 'toc_node', targetId: w.nodes[2] });
      expect(after.get(Number(rows[2]![col('ID')]))).toMatchObject({ enabled: false });
      expect(after.get(Number(rows[4]![col('ID')]))).toMatchObject({
        targetKind: 'book',
        targetId: w.bookId,
      });
      // The cached redirect of the first code is gone: its new node has no content.
      expect((await scan(first.code)).statusCode).not.toBe(302);
      const audits = await w.t.app.deps.db.select().from(auditLog);
      const mine = audits.filter((a) => (a.after as { via?: string })?.via === 'QR codes import');
      expect(mine.map((a) => a.action).sort()).toEqual([
        'qr_code_disabled',
        'qr_code_retargeted',
        'qr_code_retargeted',
      ]);

      const again = await upload(edited, true);
      expect(again.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [2, 'Updated at'],
        [3, 'Updated at'],
        [5, 'Updated at'],
      ]);
      expect(again.errors[0].message).toMatch(/^Changed by .* UTC since your export/);
    },
  );

  it('a code retargeted by someone since the download is a problem, and nothing is written', async () => {
    const bytes = await download();
    const codes = await bookCodes(w, w.bookId);
    const target = { kind: 'toc_node', id: w.nodes[1] };
    w.t.clock.advance(60_000);
    const res = await post(w, '/book/retargetqrcode', { id: codes[0]!.id, target });
    expect(res.statusCode, res.body).toBe(200);
    const wb = await workbook(bytes);
    const ws = wb.worksheets[0]!;
    ws.getCell('E3').value = ws.getCell('E3').text === 'Yes' ? 'No' : 'Yes';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    const check = await upload(edited, true);
    expect(check.errors).toEqual([expect.objectContaining({ row: 2, column: 'Updated at' })]);
    expect((await upload(edited, false, 400)).code).toBe('import_invalid');
  });

  it('names every problem: no such code, a node of another book, a blank target, an unknown ID', async () => {
    const other = await newBook(w, 'Other book', ['Elsewhere']);
    const codes = await bookCodes(w, w.bookId);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('QR codes');
    ws.addRow(['Code', 'Target', 'Target ID', 'Enabled', 'ID']);
    ws.addRow(['ZZZZZZ', 'book', null, 'Yes', null]);
    ws.addRow([codes[0]!.code, 'node', other.nodes[0], 'Yes', null]);
    ws.addRow([codes[1]!.code, null, null, 'Yes', null]);
    ws.addRow([null, 'book', null, 'Yes', 99_999_999]);
    const report = await upload(Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(report.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'Code'],
      [3, 'Target ID'],
      [4, 'Target'],
      [5, 'ID'],
    ]);
    expect(report.errors[0].message).toMatch(/codes are made on the QR codes screen/);
  });
});

async function workbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The first sheet's texts (LibreOffice reads it where the machine has it). */
async function readWithLibreOfficeOrExcel(bytes: Buffer) {
  if (hasLibreOffice()) return readWithLibreOffice(bytes);
  const rows: string[][] = [];
  (await workbook(bytes)).worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, at) => {
      cells[at - 1] = c.text;
    });
    rows.push(cells);
  });
  return rows;
}
