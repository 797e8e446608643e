import type { ImportError, ImportReport } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../errors.ts';
import { takeImportSlot } from './import-slots.ts';
import { type ReadOptions, type ReadSheet, readSheet } from './read.ts';
import type { Columns, RowOf, SheetDef, SheetRow } from './sheet.ts';

/**
 * The one XLSX import pipeline: read (zip checked, rows streamed and
 * counted, every cell through its column type), check (the feature's rules
 * across rows and against the database, run on EVERY row, so one pass reports
 * every problem of every row), then either answer the report (dry run) or
 * apply every row in one transaction (all or nothing; refused while any
 * problem remains).
 *
 * The entry point takes a stored file's key and plain inputs, never the
 * request: a job runs the same code as the route (docs/imports-and-uploads.md).
 */
export interface ImportDef<C extends Columns, In, Summary, Result> {
  /** For logs and job names: "catalogue", "curriculum", "toc". */
  name: string;
  sheet: SheetDef<C>;
  /**
   * The feature's rules on the rows read (cells that had a problem are absent
   * from `values` and named in `failed`); answers more problems and the
   * counts a dry run shows.
   */
  check(
    db: Db,
    rows: SheetRow<C>[],
    input: In,
  ): Promise<{ errors: ImportError[]; summary: Summary }>;
  /**
   * Applies the rows (all valid) inside the transaction; checks again under
   * its locks what may have changed since `check`, and throws to roll back.
   */
  apply(tx: Tx, rows: ValidRow<C>[], input: In): Promise<Result>;
  /**
   * Turns the stored file into the sheet's rows; absent, the file is an XLSX
   * workbook whose first sheet is read (readSheet). A feature that takes other
   * formats (the question import: a zip with images, Moodle XML, GIFT, Aiken)
   * converts them into the same rows, so one check and one apply serve all.
   */
  read?(bytes: Buffer, opts: ReadOptions): Promise<ReadSheet<C>>;
  /** The largest stored file read, in bytes; UPLOAD_MAX_XLSX_MB when absent. */
  maxBytes?: number;
}

export interface ValidRow<C extends Columns> {
  row: number;
  values: RowOf<C>;
}

export type ImportPhase = 'reading' | 'checking' | 'applying' | 'done';

export interface ImportRun<In> {
  /** The uploaded workbook in `deps.storage`; removed once the import ends. */
  fileKey: string;
  dryRun: boolean;
  /**
   * A commit of only the rows without problems (batched imports): the others
   * are reported as in a dry run instead of refusing the whole file.
   */
  validOnly?: boolean;
  input: In;
  onProgress?: (p: { phase: ImportPhase; rows: number }) => void;
}

export interface ImportOutcome<Summary, Result> {
  report: ImportReport;
  summary: Summary | null;
  /** The apply step's answer; null for a dry run. */
  result: Result | null;
}

export async function runImport<C extends Columns, In, Summary, Result>(
  deps: Deps,
  def: ImportDef<C, In, Summary, Result>,
  run: ImportRun<In>,
): Promise<ImportOutcome<Summary, Result>> {
  const release = takeImportSlot(deps);
  try {
    const bytes = await readStored(deps, run.fileKey, def.maxBytes);
    const progress = run.onProgress;
    const opts: ReadOptions = {
      limits: deps.config.xlsxLimits,
      onProgress: (rows) => progress?.({ phase: 'reading', rows }),
    };
    const read = def.read ? await def.read(bytes, opts) : await readSheet(bytes, def.sheet, opts);
    const rows = read.rows.length;
    if (read.headerProblems) {
      return { report: reportOf(0, 0, read.errors, false), summary: null, result: null };
    }
    progress?.({ phase: 'checking', rows });
    const checked = await def.check(deps.db, read.rows, run.input);
    const errors = sortErrors(def.sheet, [...read.errors, ...checked.errors]);
    const bad = new Set(errors.map((e) => e.row)).size;
    const report = reportOf(rows, rows - bad, errors, false);
    if (run.dryRun) return { report, summary: checked.summary, result: null };
    if (errors.length) {
      throw new AppError(
        400,
        'import_invalid',
        `${errors.length} problem(s) in the file; nothing was imported`,
        errors.map((e) => ({ path: `rows.${e.row}.${e.column}`, message: e.message })),
      );
    }
    progress?.({ phase: 'applying', rows });
    // Operators see a long commit start; the kill test waits for this line.
    deps.log.info({ rows }, `${def.name} import: committing`);
    const valid = read.rows.map((r) => ({ row: r.row, values: r.values as RowOf<C> }));
    const result = await deps.db.transaction((tx) => def.apply(tx, valid, run.input));
    progress?.({ phase: 'done', rows });
    return { report: { ...report, committed: true }, summary: checked.summary, result };
  } finally {
    release();
    await deps.storage.delete(run.fileKey).catch(() => undefined);
  }
}

export const reportOf = (
  rows: number,
  valid: number,
  errors: ImportError[],
  committed: boolean,
) => ({
  rows,
  valid,
  errors,
  committed,
});

/** By row, then in the sheet's column order (header problems first). */
export function sortErrors(sheet: SheetDef, errors: ImportError[]): ImportError[] {
  const order = new Map(Object.values(sheet.columns).map((c, i) => [c.header, i]));
  return errors.sort(
    (a, b) => a.row - b.row || (order.get(a.column) ?? 99) - (order.get(b.column) ?? 99),
  );
}

/** The whole stored file: its size was capped at upload (UPLOAD_MAX_<KIND>_MB). */
export async function readStored(deps: Deps, key: string, maxBytes?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const limit = maxBytes ?? deps.config.uploadMaxBytes.xlsx;
  for await (const chunk of await deps.storage.get(key)) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new AppError(413, 'file_too_large', 'The file is larger than imports allow');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
