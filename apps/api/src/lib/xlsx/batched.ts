import type { ImportError } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../errors.ts';
import { heapKeeper } from '../heap-keeper.ts';
import { takeImportSlot } from './import-slots.ts';
import {
  type ImportOutcome,
  type ImportRun,
  readStored,
  reportOf,
  sortErrors,
} from './pipeline.ts';
import type { ReadOptions, RowSource } from './read.ts';
import type { Columns, SheetDef, SheetRow } from './sheet.ts';

/**
 * The import pipeline for files too large to hold (the 50,000-row question
 * import): the same steps and the same report as `runImport`, but the rows
 * go through the check a batch at a time as they are read, and only what
 * the check needs across batches stays (the question import keeps one key
 * per row). A commit is one pass inside one transaction: each batch is
 * checked, then applied while no problem has been found anywhere in the
 * file; after the first problem the rest is only checked, so the refusal
 * still names every problem, and the transaction rolls back: all or
 * nothing, as with `runImport`. The checks that ran outside the
 * transaction in `runImport` run inside it here, so nothing can change
 * between the check and the write.
 */
export interface BatchedImportDef<C extends Columns, In, Summary, Result> {
  /** For logs and job names. */
  name: string;
  sheet: SheetDef<C>;
  /** Rows per batch. */
  batchSize: number;
  /** The largest stored file read, in bytes. */
  maxBytes?: number;
  /** The stored file as rows, read as the batches are taken. */
  read(bytes: Buffer, opts: ReadOptions): Promise<RowSource<C>>;
  /** One run of the check; `tx` is the commit's transaction (absent for a dry run). */
  start(db: Db | Tx, input: In, tx?: Tx): Promise<BatchedRun<C, Summary, Result>>;
  /**
   * A commit's shortcut, tried before the file is read: the outcome from
   * what a clean dry run of the same bytes kept (kept-batches.ts), with
   * what depends on the database checked again in the commit's own
   * transaction; null (nothing kept, or the database answers otherwise
   * now) runs the full pass.
   */
  commitKept?(bytes: Buffer, input: In): Promise<ImportOutcome<Summary, Result> | null>;
}

export interface BatchedRun<C extends Columns, Summary, Result> {
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

export async function runBatchedImport<C extends Columns, In, Summary, Result>(
  deps: Deps,
  def: BatchedImportDef<C, In, Summary, Result>,
  run: ImportRun<In>,
): Promise<ImportOutcome<Summary, Result>> {
  const release = takeImportSlot(deps);
  let batches: AsyncGenerator<SheetRow<C>[]> | undefined;
  try {
    const bytes = await readStored(deps, run.fileKey, def.maxBytes);
    const progress = run.onProgress;
    if (!run.dryRun && def.commitKept) {
      progress?.({ phase: 'applying', rows: 0 });
      const kept = await def.commitKept(bytes, run.input);
      if (kept) {
        progress?.({ phase: 'done', rows: kept.report.rows });
        return kept;
      }
    }
    const source = await def.read(bytes, { limits: deps.config.xlsxLimits });
    const stream = source.batches(def.batchSize);
    batches = stream;
    // The first batch reads the header row: a sheet with header problems is answered at once.
    const first = await stream.next();
    if (source.headerProblems) {
      return { report: reportOf(0, 0, source.errors, false), summary: null, result: null };
    }
    const phase = run.dryRun ? 'checking' : 'applying';
    const pass = async (db: Db | Tx, tx?: Tx) => {
      const checking = await def.start(db, run.input, tx);
      const errors: ImportError[] = [];
      const collect = heapKeeper();
      try {
        for (let next = first; !next.done; next = await stream.next()) {
          for (const e of await checking.check(next.value)) errors.push(e);
          if (tx && run.validOnly) await checking.apply(new Set(source.errors.map((e) => e.row)));
          else if (tx && errors.length === 0 && source.errors.length === 0) await checking.apply();
          progress?.({ phase, rows: source.rows });
          collect();
        }
        const all = sortErrors(def.sheet, [...source.errors, ...errors]);
        const bad = new Set(all.map((e) => e.row)).size;
        const report = reportOf(source.rows, source.rows - bad - (source.skipped ?? 0), all, false);
        if (tx && all.length && !run.validOnly) {
          throw new AppError(
            400,
            'import_invalid',
            `${all.length} problem(s) in the file; nothing was imported`,
            all.map((e) => ({ path: `rows.${e.row}.${e.column}`, message: e.message })),
          );
        }
        const { summary, result } = await checking.end(all.length === 0);
        return { report: { ...report, committed: !!tx }, summary, result: tx ? result : null };
      } catch (err) {
        await checking.abort?.();
        throw err;
      }
    };
    if (run.dryRun) return await pass(deps.db);
    progress?.({ phase: 'applying', rows: 0 });
    // Operators see a long commit start.
    deps.log.info(`${def.name} import: committing`);
    const outcome = await deps.db.transaction((tx) => pass(tx, tx));
    progress?.({ phase: 'done', rows: outcome.report.rows });
    return outcome;
  } finally {
    await batches?.return(undefined);
    release();
    await deps.storage.delete(run.fileKey).catch(() => undefined);
  }
}
