import { Readable } from 'node:stream';
import type { ImportError } from '@bo/contract';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors.ts';
import type { Cell } from './columns.ts';
import { unescapeCell } from './export.ts';
import {
  CellError,
  type Columns,
  mapHeaders,
  readRow,
  type SheetDef,
  type SheetRow,
} from './sheet.ts';
import { inspectZip, type ZipLimits } from './zip-inspect.ts';

/**
 * Reads a workbook's first sheet as a stream of rows (exceljs's streaming
 * reader): the zip is checked first (zip-inspect.ts), rows are counted as
 * they come and the file is refused at the first row past the limit, so a
 * huge sheet is never held whole. One pass: the header row is mapped, then
 * every row read with all its problems.
 */
export interface ReadSheet<C extends Columns> {
  /** Data rows read (blank ones are skipped). */
  rows: SheetRow<C>[];
  /** Problems of the header row (then no row is read) or of the cells. */
  errors: ImportError[];
  headerProblems: boolean;
}

export interface ReadOptions {
  limits: ZipLimits;
  /** Called with the number of rows read so far (a job reports it). */
  onProgress?: (rows: number) => void;
}

const PROGRESS_EVERY = 500;

const tooManyRows = (max: number) =>
  new AppError(
    413,
    'xlsx_too_many_rows',
    `The sheet has more than ${max} rows; split it into files of at most ${max} rows`,
  );
const corrupt = () =>
  new AppError(400, 'xlsx_corrupt', 'The file could not be read as an XLSX workbook');

export async function readSheet<C extends Columns>(
  bytes: Buffer,
  sheet: SheetDef<C>,
  opts: ReadOptions,
): Promise<ReadSheet<C>> {
  inspectZip(bytes, opts.limits);
  const input = Readable.from([bytes]);
  // Loaded on first use: ~29 MB the server need not hold until a workbook comes or goes.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const errors: ImportError[] = [];
  const rows: SheetRow<C>[] = [];
  let positions: ReturnType<typeof mapHeaders<C>>['positions'] | null = null;
  let seenSheet = false;
  try {
    for await (const worksheet of reader) {
      if (seenSheet || !isFirstSheet(reader, worksheet)) continue;
      seenSheet = true;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (positions === null) {
          // The first row present is the header row, wherever it is.
          const headers = new Map<number, string>();
          row.eachCell((cell, at) => {
            const text = plain(cell.value);
            if (text !== undefined && !(text instanceof CellError)) headers.set(at, String(text));
          });
          const mapped = mapHeaders(sheet, headers);
          positions = mapped.positions;
          errors.push(...mapped.errors);
          if (mapped.errors.length) break;
          continue;
        }
        const read = readRow(
          sheet,
          positions,
          row.number,
          (at) => plain(row.getCell(at).value),
          errors,
        );
        if (!read) continue;
        rows.push(read);
        if (rows.length > sheet.maxRows) throw tooManyRows(sheet.maxRows);
        if (rows.length % PROGRESS_EVERY === 0) opts.onProgress?.(rows.length);
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt();
  } finally {
    input.destroy();
  }
  if (!seenSheet) throw new AppError(400, 'xlsx_empty', 'The workbook has no sheet');
  if (positions === null) {
    throw new AppError(400, 'xlsx_empty', 'The first sheet is empty: it needs a header row');
  }
  opts.onProgress?.(rows.length);
  const headerProblems = errors.some((e) => e.row === 1);
  return { rows: headerProblems ? [] : rows, errors, headerProblems };
}

/**
 * The streaming reader yields sheets in zip order: the first sheet is the
 * one workbook.xml lists first, found through its relationship.
 */
function isFirstSheet(reader: ExcelJS.stream.xlsx.WorkbookReader, worksheet: unknown): boolean {
  const r = reader as unknown as {
    model?: { sheets?: { rId?: string }[] };
    workbookRels?: { Id: string; Target: string }[];
  };
  const rId = r.model?.sheets?.[0]?.rId;
  const target = r.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  const number = target?.match(/sheet(\d+)\.xml$/)?.[1];
  return number === undefined || String((worksheet as { id: unknown }).id) === number;
}

/** exceljs's cell shapes as plain values; blank text counts as empty. */
export function plain(value: ExcelJS.CellValue): Cell | CellError | undefined {
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
