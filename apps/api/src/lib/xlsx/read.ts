import { Readable } from 'node:stream';
import type { ImportError } from '@bo/contract';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors.ts';
import type { Cell } from './columns.ts';
import { readCellTextOnce } from './exceljs-decode.ts';
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
 * they come and the file is refused at the first row past the limit. One
 * pass: the header row is mapped, then every row read with all its
 * problems; `readSheet` collects the rows, `sheetSource` hands them on in
 * batches.
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

/**
 * The rows of a file, batch by batch, as they are read: an import that
 * checks and applies each batch in turn never holds the whole sheet
 * (lib/xlsx/batched.ts). `errors`, `headerProblems` and `rows` grow as the
 * batches are taken, and are complete once the last one was.
 */
export interface RowSource<C extends Columns> {
  batches(size: number): AsyncGenerator<SheetRow<C>[]>;
  errors: ImportError[];
  headerProblems: boolean;
  rows: number;
}

/** Rows read already (the text formats, a ZIP's workbook whose images were planned) as a source. */
export function rowsSource<C extends Columns>(read: ReadSheet<C>): RowSource<C> {
  return {
    errors: read.errors,
    headerProblems: read.headerProblems,
    rows: read.rows.length,
    async *batches(size) {
      for (let i = 0; i < read.rows.length; i += size) yield read.rows.slice(i, i + size);
    },
  };
}

/** The whole first sheet at once: for imports whose checks need every row together. */
export async function readSheet<C extends Columns>(
  bytes: Buffer,
  sheet: SheetDef<C>,
  opts: ReadOptions,
): Promise<ReadSheet<C>> {
  const source = sheetSource(bytes, sheet, opts);
  const rows: SheetRow<C>[] = [];
  for await (const batch of source.batches(PROGRESS_EVERY)) rows.push(...batch);
  const { errors, headerProblems } = source;
  return { rows: headerProblems ? [] : rows, errors, headerProblems };
}

/** The first sheet streamed: each batch is read from the file when it is asked for. */
export function sheetSource<C extends Columns>(
  bytes: Buffer,
  sheet: SheetDef<C>,
  opts: ReadOptions,
): RowSource<C> {
  const source: RowSource<C> = {
    errors: [],
    headerProblems: false,
    rows: 0,
    batches: (size) => streamRows(bytes, sheet, opts, source, size),
  };
  return source;
}

async function* streamRows<C extends Columns>(
  bytes: Buffer,
  sheet: SheetDef<C>,
  opts: ReadOptions,
  source: RowSource<C>,
  size: number,
): AsyncGenerator<SheetRow<C>[]> {
  inspectZip(bytes, opts.limits);
  const input = Readable.from([bytes]);
  // Loaded on first use: ~29 MB the server need not hold until a workbook comes or goes.
  const { default: Excel } = await import('exceljs');
  readCellTextOnce();
  const reader = new Excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const errors = source.errors;
  let batch: SheetRow<C>[] = [];
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
          source.headerProblems = mapped.errors.length > 0;
          if (source.headerProblems) break;
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
        batch.push(read);
        source.rows++;
        if (source.rows > sheet.maxRows) throw tooManyRows(sheet.maxRows);
        if (source.rows % PROGRESS_EVERY === 0) opts.onProgress?.(source.rows);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
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
  opts.onProgress?.(source.rows);
  if (batch.length && !source.headerProblems) yield batch;
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
