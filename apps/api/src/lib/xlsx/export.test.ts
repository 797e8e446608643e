import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sendXlsx, unescapeCell, writeXlsx, XLSX_TYPE } from './export.ts';

/** docs/security.md item 20 (formula injection) and a streamed 100k-row export. */

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'xlsx-export-'));

interface Person {
  name: string;
  note: string | number | null;
}

const PEOPLE: Person[] = [
  { name: 'formula', note: '=1+1' },
  { name: 'at', note: '@cmd' },
  { name: 'minus', note: '-2' },
  { name: 'tab', note: '\tx' },
  { name: 'plus', note: '+SUM(A1)' },
  { name: 'cr', note: '\r=1' },
  { name: 'number', note: -2 },
  { name: 'plain', note: 'hello' },
  { name: 'empty', note: null },
];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/test/export', async (_req, reply) =>
          sendXlsx(reply, 'Élèves "2024"/../x', [
            {
              name: 'People',
              columns: [
                { header: 'Name', key: 'name', width: 20 },
                { header: 'Note', key: 'note', value: (p: Person) => p.note },
              ],
              rows: PEOPLE,
            },
            {
              name: 'Counts',
              columns: [{ header: 'n', key: 'n' }],
              rows: (async function* () {
                for (let n = 1; n <= 3; n++) yield { n };
              })(),
            },
          ]),
        );
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function load(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

describe('xlsx export', () => {
  it('answers an attachment with a safe name, bold frozen headers and escaped cells', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const disposition = String(res.headers['content-disposition']);
    // RFC 6266: a name made only of token characters needs no quotes.
    expect(disposition).toBe('attachment; filename=x.xlsx');

    const wb = await load(res.rawPayload);
    const ws = wb.getWorksheet('People')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Note']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const notes = Object.fromEntries(PEOPLE.map((p, i) => [p.name, ws.getRow(i + 2).getCell(2)]));
    expect(notes.formula!.value).toBe("'=1+1");
    expect(notes.at!.value).toBe("'@cmd");
    expect(notes.minus!.value).toBe("'-2");
    expect(notes.tab!.value).toBe("'\tx");
    expect(notes.plus!.value).toBe("'+SUM(A1)");
    // XML readers turn a stored CR into LF; the quote is what matters.
    expect(String(notes.cr!.value)).toMatch(/^'[\r\n]=1$/);
    expect(notes.number!.value).toBe(-2);
    expect(notes.plain!.value).toBe('hello');
    expect(notes.empty!.value).toBeNull();
    // No cell of the sheet is a formula.
    ws.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
    expect(wb.getWorksheet('Counts')!.getRow(4).getCell(1).value).toBe(3);
  });

  it('keeps the full name in filename* when it is not ASCII', async () => {
    const { contentDisposition } = await import('../content-disposition.ts');
    expect(contentDisposition('Élèves "2024".xlsx')).toBe(
      `attachment; filename="_l_ves _2024_.xlsx"; filename*=UTF-8''%C3%89l%C3%A8ves%20_2024_.xlsx`,
    );
    expect(contentDisposition('a\r\nSet-Cookie: x.pdf', 'inline')).toBe(
      'inline; filename="a__Set-Cookie: x.pdf"',
    );
  });

  it('unescapes what it escaped, nothing else', () => {
    expect(unescapeCell("'=1+1")).toBe('=1+1');
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });

  it('streams 100k rows without holding them all', async () => {
    const file = path.join(dir, 'big.xlsx');
    // Live memory, measured after a full collection: the peak of heapUsed
    // also counts garbage not yet collected, which depends on what the
    // worker ran before.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const liveHeap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    let liveNearEnd = 0;
    async function* rows() {
      for (let i = 0; i < 100_000; i++) {
        if (i === 99_999) liveNearEnd = liveHeap();
        yield { id: i, title: `Question ${i}`, score: i % 17 };
      }
    }
    const liveBefore = liveHeap();
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
    await writeXlsx(out, [
      {
        name: 'Big',
        columns: [
          { header: 'Id', key: 'id' },
          { header: 'Title', key: 'title' },
          { header: 'Score', key: 'score' },
        ],
        rows: rows(),
      },
    ]);
    await closed;
    // Speed is the benchmarks' business (bench/); here only what must hold anywhere.
    // Streamed, the live heap grows ~1 MB by the last row; the 100k rows
    // merely kept in an array would be ~9 MB, and a workbook built in memory
    // several hundred MB.
    expect(liveNearEnd - liveBefore).toBeLessThan(6 * 1024 * 1024);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
    let count = 0;
    for await (const ws of reader) for await (const _row of ws) count++;
    expect(count).toBe(100_001);
  });
});
