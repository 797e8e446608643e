import type { ImportError } from '@bo/contract';
import { AppError } from '../../errors.ts';
import {
  CellError,
  type Columns,
  mapHeaders,
  readRow,
  type SheetDef,
  type SheetRow,
} from '../../xlsx/sheet.ts';
import { firstSheetRows } from './sheet-xml.ts';
import { corruptXlsx } from './workbook-parts.ts';
import type { ZipInput, ZipLimits } from './zip.ts';

/**
 * Reads a workbook's first sheet as a stream of rows (sheet-xml.ts, the
 * sheet's XML read as it is inflated): the zip is checked first
 * (zip.ts), rows are counted as
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
  /** Entries read, when a reader counts more than its rows (a question the parser refused). */
  read?: number;
  /** Entries read but skipped on purpose (reported as warnings): counted, never valid. */
  skipped?: number;
}

export interface ReadOptions {
  limits: ZipLimits;
  /** The sheet of that name (a workbook of several sheets); absent: the first sheet. */
  sheetName?: string;
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

/**
 * The rows of a file, batch by batch, as they are read: an import that
 * checks and applies each batch in turn never holds the whole sheet
 * (lib/import/runner.ts). `errors`, `headerProblems` and `rows` grow as the
 * batches are taken, and are complete once the last one was.
 */
export interface RowSource<C extends Columns> {
  batches(size: number): AsyncGenerator<SheetRow<C>[]>;
  errors: ImportError[];
  headerProblems: boolean;
  rows: number;
  /** Of `rows`, those skipped on purpose: never valid. */
  skipped?: number;
}

/** Rows read already (the text formats, a ZIP's workbook whose images were planned) as a source. */
export function rowsSource<C extends Columns>(read: ReadSheet<C>): RowSource<C> {
  return {
    errors: read.errors,
    headerProblems: read.headerProblems,
    rows: read.read ?? read.rows.length,
    skipped: read.skipped ?? 0,
    async *batches(size) {
      for (let i = 0; i < read.rows.length; i += size) yield read.rows.slice(i, i + size);
    },
  };
}

/**
 * `source` with its batches handed on by `batches` (which takes them from
 * `source`): its problems and counts stay the source's, read as they grow.
 */
export function withBatches<C extends Columns>(
  source: RowSource<C>,
  batches: (size: number) => AsyncGenerator<SheetRow<C>[]>,
): RowSource<C> {
  return {
    get errors() {
      return source.errors;
    },
    get headerProblems() {
      return source.headerProblems;
    },
    get rows() {
      return source.rows;
    },
    get skipped() {
      return source.skipped;
    },
    batches,
  };
}

/** The whole first sheet at once: for imports whose checks need every row together. */
export async function readSheet<C extends Columns>(
  bytes: ZipInput,
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
  bytes: ZipInput,
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
  bytes: ZipInput,
  sheet: SheetDef<C>,
  opts: ReadOptions,
  source: RowSource<C>,
  size: number,
): AsyncGenerator<SheetRow<C>[]> {
  const errors = source.errors;
  let batch: SheetRow<C>[] = [];
  let positions: ReturnType<typeof mapHeaders<C>>['positions'] | null = null;
  try {
    read: for await (const rows of firstSheetRows(bytes, opts.limits, opts.sheetName)) {
      for (const { number, cells } of rows) {
        if (positions === null) {
          // The first row present is the header row, wherever it is.
          const headers = new Map<number, string>();
          for (const [at, text] of cells) {
            if (!(text instanceof CellError)) headers.set(at, String(text));
          }
          const mapped = mapHeaders(sheet, headers);
          positions = mapped.positions;
          errors.push(...mapped.errors);
          source.headerProblems = mapped.errors.length > 0;
          if (source.headerProblems) break read;
          continue;
        }
        const read = readRow(sheet, positions, number, (at) => cells.get(at), errors);
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
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corruptXlsx();
  }
  if (positions === null) {
    const which = opts.sheetName ? `The sheet "${opts.sheetName}"` : 'The first sheet';
    throw new AppError(400, 'xlsx_empty', `${which} is empty: it needs a header row`);
  }
  opts.onProgress?.(source.rows);
  if (batch.length && !source.headerProblems) yield batch;
}
