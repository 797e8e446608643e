import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { AppError } from '../errors.ts';
import { writeXlsx } from './export.ts';
import { commitImport, type ImportColumn, parseXlsxImport, templateFor } from './import.ts';
import { inspectZip } from './zip-inspect.ts';

/** Dry run, all-or-nothing commit (item 28) and the zip-bomb guard (item 24). */

const LIMITS = { maxUncompressedBytes: 50 * 1024 * 1024, maxEntries: 1000, maxRatio: 200 };
const MB = 1024 * 1024;

const COLUMNS: ImportColumn<'title' | 'marks' | 'email'>[] = [
  { key: 'title', header: 'Title', required: true, schema: z.string().max(20), example: 'Algebra' },
  {
    key: 'marks',
    header: 'Max Marks',
    required: true,
    schema: z.coerce.number().int().min(0).max(100),
    example: 4,
  },
  { key: 'email', header: 'E-mail', schema: z.email(), example: '=not a formula' },
];

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

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table import_probe (id serial primary key, title text not null unique, marks int not null)`,
  );
});
afterAll(() => database?.close());

describe('xlsx import: dry run', () => {
  it('maps headers ignoring case and spaces and reports every bad cell with its row', async () => {
    const progress: number[] = [];
    const bytes = await xlsxOf([
      ['  maxmarks ', 'TITLE', 'e-mail', 'ignored'],
      [4, 'Good one', 'a@example.test', 'x'],
      ['many', 'Bad marks', null, null],
      [5, null, 'not-an-email', null],
      [],
      [101, 'A title that is far too long', null, null],
      [3, "'=SUM(A1)", null, null],
    ]);
    const parsed = await parseXlsxImport(bytes, COLUMNS, {
      limits: LIMITS,
      onProgress: (n) => progress.push(n),
    });
    expect(parsed.report.rows).toBe(5);
    expect(parsed.report.valid).toBe(2);
    expect(parsed.report.errors).toEqual([
      { row: 3, column: 'Max Marks', message: expect.stringMatching(/number/i) },
      { row: 4, column: 'Title', message: 'Required' },
      { row: 4, column: 'E-mail', message: expect.stringMatching(/email/i) },
      { row: 6, column: 'Title', message: expect.stringMatching(/20/) },
      { row: 6, column: 'Max Marks', message: expect.stringMatching(/100/) },
    ]);
    expect(parsed.rows).toEqual([
      { row: 2, values: { title: 'Good one', marks: 4, email: 'a@example.test' } },
      // The export's escaping quote is taken off again; the text is kept as text.
      { row: 7, values: { title: '=SUM(A1)', marks: 3 } },
    ]);
    expect(progress.at(-1)).toBe(5);
  });

  it('reports missing required columns against row 1 and validates nothing else', async () => {
    const parsed = await parseXlsxImport(await xlsxOf([['Title'], ['x']]), COLUMNS, {
      limits: LIMITS,
    });
    expect(parsed.report.errors).toEqual([
      { row: 1, column: 'Max Marks', message: 'Missing column' },
    ]);
    expect(parsed.report.valid).toBe(0);
  });

  it('reads back its own template, the example row included', async () => {
    const chunks: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeXlsx(out, [templateFor(COLUMNS)]);
    const parsed = await parseXlsxImport(Buffer.concat(chunks), COLUMNS, { limits: LIMITS });
    expect(parsed.report.errors).toEqual([
      { row: 2, column: 'E-mail', message: expect.any(String) },
    ]);
    expect(parsed.report.rows).toBe(1);
  });
});

describe('xlsx import: commit', () => {
  const rowsOf = async (titles: string[]) =>
    parseXlsxImport(await xlsxOf([['Title', 'Max Marks'], ...titles.map((t) => [t, 1])]), COLUMNS, {
      limits: LIMITS,
    });
  const count = async () =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from import_probe`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const apply = async (
    rows: { values: { title?: unknown; marks?: unknown } }[],
    tx: typeof database.db,
  ) => {
    for (const r of rows) {
      await tx.execute(
        sql`insert into import_probe (title, marks) values (${String(r.values.title)}, ${Number(r.values.marks)})`,
      );
    }
    return rows.length;
  };

  it('applies every row in one transaction', async () => {
    const { result, report } = await commitImport(
      database.db,
      await rowsOf(['a', 'b', 'c']),
      apply,
    );
    expect(result).toBe(3);
    expect(report).toEqual({ rows: 3, valid: 3, errors: [] });
    expect(await count()).toBe(3);
  });

  it('leaves no row when apply fails half way', async () => {
    const before = await count();
    // 'd' and 'e' insert, then 'a' violates the unique title: all three roll back.
    await expect(commitImport(database.db, await rowsOf(['d', 'e', 'a']), apply)).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('refuses with every error when any row is invalid', async () => {
    const before = await count();
    const parsed = await parseXlsxImport(
      await xlsxOf([
        ['Title', 'Max Marks'],
        ['ok', 1],
        ['bad', -1],
        [null, 2],
      ]),
      COLUMNS,
      { limits: LIMITS },
    );
    const err = await refusal(commitImport(database.db, parsed, apply));
    expect(err.status).toBe(400);
    expect(err.code).toBe('import_invalid');
    expect(err.details).toEqual([
      { path: 'rows.3.Max Marks', message: expect.any(String) },
      { path: 'rows.4.Title', message: 'Required' },
    ]);
    expect(await count()).toBe(before);
  });
});

describe('xlsx import: zip guard', () => {
  const bomb = (size: number) => Buffer.alloc(size, 0x20);

  it('refuses bytes that are not a zip with 415', async () => {
    const err = await refusal(() => inspectZip(Buffer.from('<html>hi</html>'), LIMITS));
    expect(err.status).toBe(415);
    const viaParse = await refusal(
      parseXlsxImport(Buffer.from('%PDF-1.7'), COLUMNS, { limits: LIMITS }),
    );
    expect(viaParse.status).toBe(415);
  });

  it('refuses a part that unpacks absurdly (ratio) before any parser runs', async () => {
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb(40 * MB) }]);
    expect(zip.length).toBeLessThan(MB);
    const err = await refusal(parseXlsxImport(zip, COLUMNS, { limits: LIMITS }));
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

  it('accepts a real workbook', async () => {
    const entries = inspectZip(await xlsxOf([['Title'], ['x']]), LIMITS);
    expect(entries.map((e) => e.name)).toContain('xl/workbook.xml');
  });
});
