import type { ImportError, ImportReport } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../errors.ts';
import { heapKeeper } from '../heap-keeper.ts';
import type { Columns, SheetDef, SheetRow } from '../xlsx/sheet.ts';
import { takeImportSlot } from './slots.ts';
import { openStored, type StoredUpload } from './stored-file.ts';
import { type ReadOptions, type RowSource, sheetSource } from './xlsx/read.ts';

/**
 * The one import runner, for every kind (the catalogue, the curriculum, a
 * TOC, the question bank). The upload is read from the file store as the
 * rows are taken (an XLSX by parts: xlsx/read.ts), and the rows go through
 * the kind's check a batch at a time, so only what the check needs across
 * batches stays in memory (a kind whose rules need every row together
 * takes them as one batch: whole-file.ts). The entry point takes a stored
 * file's key and plain inputs, never the request: a job runs the same code
 * as the route (job.ts, docs/imports-and-uploads.md).
 *
 * A dry run checks every row and answers the report with every problem. A
 * commit is one pass inside one transaction: each batch is checked, then
 * applied while no problem has been found anywhere in the file; after the
 * first problem the rest is only checked, so the refusal still names every
 * problem, and the transaction rolls back: all or nothing. With `validOnly`
 * the rows without problems are written and the others reported. The
 * checks run inside the commit's transaction, so nothing can change between
 * the check and the write.
 *
 * What a row does is the kind's affair: its check prepares the batch (and
 * answers the problems), its apply writes what was prepared. A row that
 * updates an object the database already holds is a prepared row naming
 * that object; the runner neither knows nor cares.
 */
export interface ImportKind<C extends Columns, In, Summary, Result> {
  /** For logs and job names: "catalogue", "curriculum", "toc", "question". */
  name: string;
  sheet: SheetDef<C>;
  /** Rows per batch (Infinity: the whole file at once). */
  batchSize: number;
  /** The largest stored file read, in bytes; UPLOAD_MAX_XLSX_MB when absent. */
  maxBytes?: number;
  /**
   * The stored file as rows, read as the batches are taken; absent, the
   * file is an XLSX workbook whose first sheet is read. A kind that takes
   * other formats (the questions: a ZIP with images, Moodle XML, GIFT,
   * Aiken) converts them into the same rows, so one check serves all.
   */
  read?(file: StoredUpload, opts: ReadOptions): Promise<RowSource<C>>;
  /** The problems in the order the report lists them (a workbook: sheet by sheet); absent, `sortErrors`. */
  orderErrors?(errors: ImportError[]): ImportError[];
  /** One run of the check; `tx` is the commit's transaction (absent for a dry run). */
  start(db: Db | Tx, input: In, tx?: Tx): Promise<ImportPass<C, Summary, Result>>;
  /**
   * A commit's shortcut, tried before the file is read: the outcome from
   * what a clean dry run of the same bytes kept (kept-batches.ts), with
   * what depends on the database checked again in the commit's own
   * transaction; null (nothing kept, or the database answers otherwise
   * now) runs the full pass.
   */
  commitKept?(file: StoredUpload, input: In): Promise<ImportOutcome<Summary, Result> | null>;
}

export interface ImportPass<C extends Columns, Summary, Result> {
  /** The problems of one batch (rows with a cell problem are in `failed`); keeps what apply needs. */
  check(rows: SheetRow<C>[]): Promise<ImportError[]>;
  /**
   * Writes the batch just checked (a commit, while the file has no problem
   * so far; or with `validOnly`, its rows without problems: `skip` names the
   * rows the reading found problems in, which the check may have passed).
   */
  apply(skip?: ReadonlySet<number>): Promise<void>;
  /** After the last batch (`clean`: no problem in the whole file): the counts, and (a commit) the result. */
  end(clean: boolean): Promise<{ summary: Summary; result: Result }>;
  /** The commit failed and rolled back: undo what is outside the database (stored files). */
  abort?(): Promise<void>;
}

export type ImportPhase = 'reading' | 'checking' | 'applying' | 'done';

export interface ImportRun<In> {
  /** The uploaded file in `deps.storage`; removed once the import ends. */
  fileKey: string;
  dryRun: boolean;
  /** A commit of only the rows without problems: the others are reported as in a dry run. */
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
  kind: ImportKind<C, In, Summary, Result>,
  run: ImportRun<In>,
): Promise<ImportOutcome<Summary, Result>> {
  const release = takeImportSlot(deps);
  let batches: AsyncGenerator<SheetRow<C>[]> | undefined;
  try {
    const maxBytes = kind.maxBytes ?? deps.config.uploadMaxBytes.xlsx;
    const file = await openStored(deps.storage, run.fileKey, maxBytes);
    const progress = run.onProgress;
    if (!run.dryRun && kind.commitKept) {
      progress?.({ phase: 'applying', rows: 0 });
      const kept = await kind.commitKept(file, run.input);
      if (kept) {
        progress?.({ phase: 'done', rows: kept.report.rows });
        return kept;
      }
    }
    let passed = 0;
    const opts: ReadOptions = {
      limits: deps.config.xlsxLimits,
      // Until the first batch is checked (a whole-file kind: the whole read), the rows read so far.
      onProgress: (rows) => passed === 0 && progress?.({ phase: 'reading', rows }),
    };
    const source = kind.read ? await kind.read(file, opts) : sheetSource(file, kind.sheet, opts);
    const stream = source.batches(kind.batchSize);
    batches = stream;
    // The first batch reads the header row: a sheet with header problems is answered at once.
    const first = await stream.next();
    if (source.headerProblems) {
      return { report: reportOf(0, 0, source.errors, false), summary: null, result: null };
    }
    const phase = run.dryRun ? 'checking' : 'applying';
    const pass = async (db: Db | Tx, tx?: Tx) => {
      const checking = await kind.start(db, run.input, tx);
      const errors: ImportError[] = [];
      const collect = heapKeeper();
      try {
        for (let next = first; !next.done; next = await stream.next()) {
          if (passed++ === 0 && !tx) progress?.({ phase: 'checking', rows: source.rows });
          for (const e of await checking.check(next.value)) errors.push(e);
          if (tx && run.validOnly) await checking.apply(new Set(source.errors.map((e) => e.row)));
          else if (tx && errors.length === 0 && source.errors.length === 0) await checking.apply();
          progress?.({ phase, rows: source.rows });
          collect();
        }
        const found = [...source.errors, ...errors];
        const all = kind.orderErrors ? kind.orderErrors(found) : sortErrors(kind.sheet, found);
        const bad = new Set(all.map((e) => e.row)).size;
        const report = reportOf(source.rows, source.rows - bad - (source.skipped ?? 0), all, false);
        if (tx && all.length && !run.validOnly) throw importInvalid(all);
        const { summary, result } = await checking.end(all.length === 0);
        return { report: { ...report, committed: !!tx }, summary, result: tx ? result : null };
      } catch (err) {
        await checking.abort?.();
        throw err;
      }
    };
    if (run.dryRun) return await pass(deps.db);
    progress?.({ phase: 'applying', rows: 0 });
    // Operators see a long commit start; the kill test waits for this line.
    deps.log.info(`${kind.name} import: committing`);
    const outcome = await deps.db.transaction((tx) => pass(tx, tx));
    progress?.({ phase: 'done', rows: outcome.report.rows });
    return outcome;
  } finally {
    await batches?.return(undefined);
    release();
    await deps.storage.delete(run.fileKey).catch(() => undefined);
  }
}

/** A commit refused for the problems of its rows: every problem named, nothing written. */
const importInvalid = (errors: ImportError[]) =>
  new AppError(
    400,
    'import_invalid',
    `${errors.length} problem(s) in the file; nothing was imported`,
    errors.map((e) => ({ path: `rows.${e.row}.${e.column}`, message: e.message })),
  );

export const reportOf = (
  rows: number,
  valid: number,
  errors: ImportError[],
  committed: boolean,
): ImportReport => ({ rows, valid, errors, committed });

/** By row, then in the sheet's column order (header problems first). */
export function sortErrors(sheet: SheetDef, errors: ImportError[]): ImportError[] {
  const order = new Map(Object.values(sheet.columns).map((c, i) => [c.header, i]));
  return errors.sort(
    (a, b) => a.row - b.row || (order.get(a.column) ?? 99) - (order.get(b.column) ?? 99),
  );
}
