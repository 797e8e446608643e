import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { type CellValue, sendXlsx, unescapeCell, type XlsxSheet } from './export.ts';
import { inspectZip, type ZipLimits } from './zip-inspect.ts';

/**
 * Spreadsheet import in two steps: `parseXlsxImport` checks the zip, reads
 * the first sheet and validates every row (the dry-run report lists every
 * problem); `commitImport` applies the valid rows in one transaction, or
 * refuses when any row is invalid. Nothing is half-imported (SECURITY.md
 * item 28).
 */
export interface ImportColumn<K extends string = string> {
  key: K;
  /** As written in the sheet's first row; matched ignoring case and spaces. */
  header: string;
  required?: boolean;
  schema: z.ZodType;
  /** The template's example value. */
  example?: CellValue;
}

export interface ImportError {
  /** The spreadsheet's row number (headers are row 1). */
  row: number;
  /** The column's header, as the user sees it. */
  column: string;
  message: string;
}

export interface ImportReport {
  rows: number;
  valid: number;
  errors: ImportError[];
}

export interface ImportRow<K extends string = string> {
  row: number;
  values: Partial<Record<K, unknown>>;
}

export interface ParsedImport<K extends string = string> {
  report: ImportReport;
  /** Valid rows only, with the schemas' output values. */
  rows: ImportRow<K>[];
}

export interface ParseOptions {
  limits: ZipLimits;
  /** Refuse sheets with more data rows than this. */
  maxRows?: number;
  /** Called with the number of rows processed so far (a job runner reports it). */
  onProgress?: (processed: number) => void;
}

const PROGRESS_EVERY = 500;

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/\s+/g, '');

export async function parseXlsxImport<K extends string>(
  bytes: Buffer,
  columns: ImportColumn<K>[],
  opts: ParseOptions,
): Promise<ParsedImport<K>> {
  inspectZip(bytes, opts.limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'xlsx_corrupt', 'The file could not be read as an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'xlsx_empty', 'The workbook has no sheet');
  if (opts.maxRows !== undefined && sheet.actualRowCount - 1 > opts.maxRows) {
    throw new AppError(413, 'xlsx_too_many_rows', `At most ${opts.maxRows} rows per import`);
  }

  const errors: ImportError[] = [];
  const positions = mapHeaders(sheet.getRow(1), columns, errors);
  const rows: ImportRow<K>[] = [];
  let count = 0;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = columns.map((c) => {
      const at = positions.get(c.key);
      return at === undefined ? undefined : plain(row.getCell(at).value);
    });
    if (cells.every((v) => v === undefined)) return;
    count++;
    const values: Partial<Record<K, unknown>> = {};
    let ok = true;
    for (const [i, column] of columns.entries()) {
      // A missing column is reported once, against the header row.
      if (!positions.has(column.key) && column.required) continue;
      const problem = (message: string) => {
        ok = false;
        errors.push({ row: number, column: column.header, message });
      };
      const value = cells[i];
      if (value instanceof CellError) {
        problem(`The cell holds an error (${value.text})`);
      } else if (value === undefined) {
        if (column.required) problem('Required');
      } else {
        const parsed = column.schema.safeParse(value);
        if (parsed.success) values[column.key] = parsed.data;
        else problem(parsed.error.issues.map((issue) => issue.message).join('; '));
      }
    }
    if (ok) rows.push({ row: number, values });
    if (count % PROGRESS_EVERY === 0) opts.onProgress?.(count);
  });
  opts.onProgress?.(count);
  const headerErrors = errors.some((e) => e.row === 1);
  return {
    report: { rows: count, valid: headerErrors ? 0 : rows.length, errors },
    rows: headerErrors ? [] : rows,
  };
}

/** Column key → sheet column number; missing required or doubled headers are errors of row 1. */
function mapHeaders<K extends string>(
  header: ExcelJS.Row,
  columns: ImportColumn<K>[],
  errors: ImportError[],
): Map<K, number> {
  const byName = new Map(columns.map((c) => [normalizeHeader(c.header), c]));
  const positions = new Map<K, number>();
  header.eachCell((cell, at) => {
    const text = plain(cell.value);
    if (typeof text !== 'string') return;
    const column = byName.get(normalizeHeader(text));
    if (!column) return;
    if (positions.has(column.key)) {
      errors.push({ row: 1, column: column.header, message: 'The column appears twice' });
    } else {
      positions.set(column.key, at);
    }
  });
  for (const c of columns) {
    if (c.required && !positions.has(c.key)) {
      errors.push({ row: 1, column: c.header, message: 'Missing column' });
    }
  }
  return positions;
}

class CellError {
  constructor(readonly text: string) {}
}

/** exceljs's cell shapes as plain values; blank text counts as empty. */
function plain(value: ExcelJS.CellValue): string | number | boolean | Date | CellError | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = unescapeCell(value.trim());
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if ('richText' in value) return plain(value.richText.map((r) => r.text).join(''));
  if ('error' in value) return new CellError(String(value.error));
  // A formula counts by its cached result: the import never evaluates anything.
  if ('formula' in value || 'sharedFormula' in value) {
    return plain((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('text' in value) return plain(value.text);
  return undefined;
}

/**
 * Runs `apply` on all the rows in ONE transaction: any throw rolls every row
 * back. Refuses (400, the errors as details) when the report has any error.
 */
export async function commitImport<K extends string, R>(
  db: Db,
  parsed: ParsedImport<K>,
  apply: (rows: ImportRow<K>[], tx: Tx) => Promise<R>,
): Promise<{ report: ImportReport; result: R }> {
  const { report } = parsed;
  if (report.errors.length > 0) {
    throw new AppError(
      400,
      'import_invalid',
      `${report.errors.length} problem(s) in the file; nothing was imported`,
      report.errors.map((e) => ({ path: `rows.${e.row}.${e.column}`, message: e.message })),
    );
  }
  const result = await db.transaction((tx) => apply(parsed.rows, tx));
  return { report, result };
}

/** The downloadable template: the columns' headers and one example row. */
export function templateFor(
  columns: ImportColumn[],
  name = 'Import',
): XlsxSheet<Record<string, CellValue>> {
  return {
    name,
    columns: columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: Math.max(12, c.header.length + 4),
    })),
    rows: [Object.fromEntries(columns.map((c) => [c.key, c.example ?? null]))],
  };
}

export function sendTemplate(reply: FastifyReply, fileName: string, columns: ImportColumn[]) {
  return sendXlsx(reply, fileName, [templateFor(columns)]);
}
