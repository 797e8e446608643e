import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ImportError } from '@bo/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AppError } from '../errors.ts';
import { oneOf, text, wholeNumber } from '../xlsx/columns.ts';
import { writeXlsx } from '../xlsx/export.ts';
import { defineSheet, templateOf } from '../xlsx/sheet.ts';
import { runImport } from './runner.ts';
import { type WholeFileKind, wholeFile } from './whole-file.ts';

/**
 * The import runner on a real database and file store, with a kind that
 * takes the whole sheet at once (whole-file.ts): one pass reports every
 * problem of every row, the header row is checked first, the apply step is
 * all or nothing, the row limit stops the read, imports are bounded.
 */

const sheet = defineSheet({
  name: 'Probe',
  maxRows: 1000,
  columns: {
    title: text('Title', { required: true, max: 20, example: 'Algebra' }),
    marks: wholeNumber('Max Marks', { required: true, min: 0, max: 100, example: 4 }),
    status: oneOf('Status', ['draft', 'active', 'inactive'], { example: '=not a formula' }),
  },
});
type Columns = typeof sheet.columns;

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-pipeline-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir, IMPORT_CONCURRENCY: '1' });
  await t.app.deps.db.execute(
    sql`create table import_probe (id serial primary key, title text not null unique, marks int not null)`,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const store = async (bytes: Buffer) =>
  (await t.app.deps.storage.put(Readable.from([bytes]), { contentType: 'application/zip' })).key;

/** A feature rule: a title naming a "forbidden" thing is refused by the database check. */
function probe(over: Partial<WholeFileKind<Columns, null, number, number>> = {}) {
  const def: WholeFileKind<Columns, null, number, number> = {
    name: 'probe',
    sheet,
    async check(_db, rows) {
      const errors: ImportError[] = [];
      for (const r of rows) {
        if (r.values.title?.includes('forbidden')) {
          errors.push({ row: r.row, column: 'Title', message: 'Title names a forbidden thing' });
        }
      }
      return { errors, summary: rows.length };
    },
    async apply(tx, rows) {
      for (const r of rows) {
        await tx.execute(
          sql`insert into import_probe (title, marks) values (${r.values.title}, ${r.values.marks})`,
        );
      }
      return rows.length;
    },
    ...over,
  };
  return def;
}

const run = async (bytes: Buffer, dryRun: boolean, def = probe()) =>
  runImport(t.app.deps, wholeFile(def), { fileKey: await store(bytes), dryRun, input: null });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const count = async () =>
  Number(
    (
      (await t.app.deps.db.execute(
        sql`select count(*)::int as n from import_probe`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('import runner: dry run', () => {
  it('reports every problem of every row in one pass, cells and feature rules together', async () => {
    const bytes = await xlsxOf([
      ['  maxmarks ', 'TITLE', 'status'],
      [4, 'Good one', 'Active'],
      // Bad marks, a title too long that also breaks the feature's rule, a bad status.
      ['many', 'forbidden and far too long', 'lost'],
      [5, null, 'draft'],
      [],
      [3, "'=SUM(A1)", null],
      [7, 'forbidden', 'inactive'],
    ]);
    const { report, summary } = await run(bytes, true);
    expect(report).toEqual({
      rows: 5,
      valid: 2,
      committed: false,
      errors: [
        { row: 3, column: 'Title', message: 'Title must be at most 20 characters' },
        { row: 3, column: 'Max Marks', message: 'Max Marks must be a whole number from 0 to 100' },
        { row: 3, column: 'Status', message: 'Status must be draft, active or inactive' },
        { row: 4, column: 'Title', message: 'Title is required' },
        { row: 7, column: 'Title', message: 'Title names a forbidden thing' },
      ],
    });
    // The feature's check saw every row, the bad ones included.
    expect(summary).toBe(5);
    expect(await count()).toBe(0);
  });

  it('names missing and unknown columns before any row is checked', async () => {
    let checked = false;
    const def = probe({
      async check() {
        checked = true;
        return { errors: [], summary: 0 };
      },
    });
    const { report } = await run(
      await xlsxOf([
        ['ISBN', 'Title'],
        ['x', 'y'],
      ]),
      true,
      def,
    );
    expect(checked).toBe(false);
    expect(report).toMatchObject({ rows: 0, valid: 0, committed: false });
    expect(report.errors).toEqual([
      {
        row: 1,
        column: 'Max Marks',
        message: 'The column "Max Marks" is missing; is this the Probe sheet?',
      },
      {
        row: 1,
        column: 'ISBN',
        message: 'The column "ISBN" is not one of this sheet\'s: Title, Max Marks, Status',
      },
    ]);
  });

  it('reads back its own template, the example row included', async () => {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeXlsx(out, [templateOf(sheet)]);
    const { report } = await run(Buffer.concat(chunks), true);
    expect(report.rows).toBe(1);
    expect(report.errors).toEqual([
      { row: 2, column: 'Status', message: 'Status must be draft, active or inactive' },
    ]);
  });

  it('refuses a sheet past its row limit while reading, without reading it whole', async () => {
    const progress: number[] = [];
    let checked = false;
    const small = defineSheet({ ...sheet, maxRows: 600 });
    const def = {
      ...probe(),
      sheet: small,
      check: async () => {
        checked = true;
        return { errors: [], summary: 0 };
      },
    } as WholeFileKind<Columns, null, number, number>;
    const rows = Array.from({ length: 20_000 }, (_, i) => [`T${i}`, 1, 'draft']);
    const key = await store(await xlsxOf([['Title', 'Max Marks', 'Status'], ...rows]));
    const err = await refusal(
      runImport(t.app.deps, wholeFile(def), {
        fileKey: key,
        dryRun: true,
        input: null,
        onProgress: (p) => progress.push(p.rows),
      }),
    );
    expect(err.status).toBe(413);
    expect(err.code).toBe('xlsx_too_many_rows');
    // Progress comes every 500 rows: the read stopped at the limit, not at 20,000.
    expect(Math.max(...progress)).toBe(500);
    expect(checked).toBe(false);
    // The uploaded workbook is gone once the import has ended.
    expect(await t.app.deps.storage.stat(key)).toBeNull();
  });
});

describe('import runner: apply', () => {
  const titles = (list: string[]) =>
    xlsxOf([['Title', 'Max Marks'], ...list.map((title) => [title, 1])]);

  it('applies every row in one transaction', async () => {
    const before = await count();
    const { report, result } = await run(await titles(['a', 'b', 'c']), false);
    expect(result).toBe(3);
    expect(report).toEqual({ rows: 3, valid: 3, errors: [], committed: true });
    expect(await count()).toBe(before + 3);
  });

  it('leaves no row when apply fails half way', async () => {
    const before = await count();
    // 'd' and 'e' insert, then 'a' violates the unique title: all three roll back.
    await expect(run(await titles(['d', 'e', 'a']), false)).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('refuses with every problem while any row is invalid', async () => {
    const before = await count();
    const bytes = await xlsxOf([
      ['Title', 'Max Marks'],
      ['ok', 1],
      ['bad', -1],
      [null, 2],
    ]);
    const err = await refusal(run(bytes, false));
    expect(err.status).toBe(400);
    expect(err.code).toBe('import_invalid');
    expect(err.details).toEqual([
      { path: 'rows.3.Max Marks', message: 'Max Marks must be a whole number from 0 to 100' },
      { path: 'rows.4.Title', message: 'Title is required' },
    ]);
    expect(await count()).toBe(before);
  });
});

describe('import runner: bounded', () => {
  it('refuses one import more than IMPORT_CONCURRENCY with 429 while the others run', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const slow = probe({
      async check() {
        started();
        await held;
        return { errors: [], summary: 0 };
      },
    });
    const bytes = await titles1();
    const first = run(bytes, true, slow);
    await running;
    const second = await refusal(run(bytes, true));
    expect(second.status).toBe(429);
    expect(second.code).toBe('imports_busy');
    expect(second.message).toMatch(/try again in a few seconds/);
    expect(second.headers?.['retry-after']).toBe('5');
    release();
    expect((await first).report.rows).toBe(1);
    // The slot is free again.
    expect((await run(bytes, true)).report.rows).toBe(1);
  });
});

const titles1 = () =>
  xlsxOf([
    ['Title', 'Max Marks'],
    ['one', 1],
  ]);
