import type { QuestionImportFormat, QuestionImportResponse, QuestionSource } from '@bo/contract';
import type { Deps } from '../../../deps.ts';
import type { ChangeCounts } from '../../../lib/import/changes.ts';
import { importNowOrAsJob } from '../../../lib/import/job.ts';
import {
  type ImportKind,
  type ImportRun,
  reportOf,
  runImport,
} from '../../../lib/import/runner.ts';
import type { StoredUpload } from '../../../lib/import/stored-file.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { UploadedFile } from '../../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../../plugins/auth-guard.ts';
import { auditImported, writeQuestionRows, writeQuestionUpdates } from '../questions.write.ts';
import { assertCurriculum } from '../questions.write-checks.ts';
import { storeImages } from './images.ts';
import { type CheckedRow, questionCheck } from './import-check.ts';
import { commitKept, type KeptQuestions, keepChecked, keptBatch } from './import-kept.ts';
import { auditUpdates } from './import-update.ts';
import { counter, updateBatch, writeBatch } from './import-write.ts';
import { type ReadQuestions, readQuestionFile } from './read.ts';
import { refusedFile } from './refused-file.ts';
import { type QuestionColumns, questionSheet } from './sheet.ts';

/**
 * `/excelimport/questionimport` on the import runner (lib/import/runner.ts):
 * every format is read into the rows of the question sheet (formats/read.ts;
 * an XLSX is streamed from the file store), and the rows go through one
 * check (import-check.ts) BATCH rows at a time, so a 50,000-row file is
 * never held whole. Near duplicates are warnings. A commit is one pass in
 * one transaction: the images stored first, each batch checked under the
 * transaction and inserted (q-core's `writeNewQuestions`) while the file
 * has no problem so far; any problem rolls every row back.
 */

export interface Input {
  ctx: RequestContext;
  actor: AuthAdmin;
  format?: QuestionImportFormat;
  /** The uploaded file's name, for the questions' sourceLabel. */
  fileName: string;
}

type Summary = Pick<QuestionImportResponse, 'duplicates' | 'warnings'> & { changes: ChangeCounts };

/** Rows checked (and inserted) at a time: large enough that the per-batch queries do not count. */
export const BATCH = 2000;

const SOURCE: Record<QuestionImportFormat, QuestionSource> = {
  xlsx: 'xlsx',
  zip: 'xlsx',
  moodle: 'moodle',
  gift: 'gift',
  aiken: 'aiken',
  qti: 'qti',
};

/** What one run of the import keeps between its steps. */
interface ImportState {
  read?: ReadQuestions;
  file?: StoredUpload;
  /** A commit of the valid ones hands back the refused ones: the file is read for them. */
  refusedFile?: boolean;
  /** The file's bytes, read (before the runner removes it) when rows were refused. */
  bytes?: Buffer;
}

/** The questions' label: the file's name and the day. */
const labelOf = (deps: Deps, fileName: string) =>
  `${fileName} (${deps.clock().toISOString().slice(0, 10)})`;

const questionImport = (
  deps: Deps,
  input: Input,
  state: ImportState,
): ImportKind<QuestionColumns, Input, Summary, number> => ({
  name: 'question',
  sheet: questionSheet,
  batchSize: BATCH,
  maxBytes: Math.max(
    ...(['xlsx', 'zip', 'text'] as const).map((k) => deps.config.uploadMaxBytes[k]),
  ),
  async read(file, opts) {
    state.file = file;
    state.read = await readQuestionFile(file, {
      ...opts,
      format: input.format,
      publicBaseUrl: deps.config.publicBaseUrl,
      zipMaxBytes: deps.config.uploadMaxBytes.zip,
    });
    return state.read.source;
  },
  async start(db, { actor, ctx, fileName }, tx) {
    const stored: string[] = [];
    const images = state.read?.images ?? new Map();
    // A commit stores the images first: their real addresses are in the texts checked and stored.
    const fix =
      tx && images.size ? await storeImages(deps, tx, images, actor.id, stored) : undefined;
    const check = questionCheck(db, deps.config.questionSimilarityThreshold, fix, !!tx);
    const source = SOURCE[state.read?.format ?? 'xlsx'];
    const label = labelOf(deps, fileName);
    const written = counter();
    // A dry run keeps what it checked for the commit (import-kept.ts); a file with images never.
    let keep: KeptQuestions | undefined =
      !tx && !images.size
        ? await keepChecked(deps, input.format, state.file!.sha256, { source })
        : undefined;
    return {
      async check(rows) {
        const errors = await check.batch(rows);
        // A file with a problem is not committed: nothing to keep.
        if (keep && errors.length) {
          await keep.discard();
          keep = undefined;
        }
        if (keep) await keep.add(keptBatch(check.prepared, check.updates));
        return errors;
      },
      async apply(skip) {
        const pick = (rows: CheckedRow[]) => (skip ? rows.filter((r) => !skip.has(r.row)) : rows);
        const rows = pick(check.prepared);
        if (rows.length) written.add(await writeBatch(tx!, actor.id, rows, source, label));
        const updates = pick(check.updates);
        if (updates.length) await updateBatch(deps, tx!, ctx, actor.id, updates);
      },
      async end(clean) {
        const warnings = [...(state.read?.notes ?? []), ...check.warnings()];
        warnings.sort((a, b) => a.row - b.row);
        if (tx) await auditImported(tx, ctx, { source, sourceLabel: label, ...written.audit() });
        if (tx && !clean && state.refusedFile) state.bytes = await state.file!.bytes();
        if (keep && clean && !check.nearChecked())
          await keep.finish({
            rows: state.read!.source.rows,
            skipped: state.read!.source.skipped ?? 0,
            warnings,
            changes: check.changes.report,
          });
        else await keep?.discard();
        keep = undefined;
        return {
          summary: { duplicates: check.duplicates, warnings, changes: check.changes.report },
          result: written.audit().created,
        };
      },
      async abort() {
        await keep?.discard();
        await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
      },
    };
  },
  async commitKept(file, { actor, ctx, fileName }) {
    const label = labelOf(deps, fileName);
    const written = counter();
    return commitKept(deps, input.format, file.sha256, {
      async write(tx, { rows, questions, updates }, source) {
        // The names resolved to these ids again (import-kept.ts): each level within the one
        // above it, so the check finds every id and fills in nothing the kept text lacks.
        await assertCurriculum(
          tx,
          [...rows, ...updates].map((r) => ({ ...r.ids })),
          (i, field) => `questions.${i}.${field}`,
        );
        const keys = rows.map((r) => r.key);
        if (keys.length)
          written.add(await writeQuestionRows(tx, actor.id, questions, keys, source, label));
        if (!updates.length) return;
        const changed = updates.map((u) => ({ id: u.was.id, question: u.question }));
        await writeQuestionUpdates(tx, actor.id, deps.clock(), changed);
        await auditUpdates(
          tx,
          ctx,
          updates.map((u) => u.was),
        );
      },
      async end(tx, kept, source) {
        await auditImported(tx, ctx, { source, sourceLabel: label, ...written.audit() });
        return {
          report: {
            ...reportOf(kept.rows, kept.rows - (kept.skipped ?? 0), [], false),
            committed: true,
          },
          summary: {
            duplicates: 0,
            warnings: kept.warnings,
            changes: { ...kept.changes, created: written.audit().created },
          },
          result: written.audit().created,
        };
      },
    });
  },
});

const NO_CHANGES: ChangeCounts = {
  created: 0,
  updated: 0,
  unchanged: 0,
  changes: [],
  unlistedChanges: 0,
};

/** `questionimport`: imported now, or by a job when the file is large. */
export function uploadQuestions(
  deps: Deps,
  input: Input,
  file: UploadedFile,
  { dryRun, validOnly }: { dryRun: boolean; validOnly: boolean },
) {
  const data = { fileKey: file.key, dryRun, validOnly, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'questions.import', file, data },
    () => importQuestions(deps, input, data),
    { ...NO_CHANGES, refused: 0, duplicates: 0, warnings: [] },
  );
}

/** The service entry point, for the route and for a job alike: the file is a stored file. */
export async function importQuestions(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<QuestionImportResponse> {
  const state: ImportState = { refusedFile: run.validOnly && !run.dryRun };
  const { report, summary, result } = await runImport(deps, questionImport(deps, input, state), {
    ...run,
    input,
  });
  // A commit of the valid ones hands back the refused ones, as written, in their format.
  const limits = {
    ...deps.config.xlsxLimits,
    // As the reader allowed a ZIP: the workbook and its images.
    maxUncompressedBytes:
      deps.config.xlsxLimits.maxUncompressedBytes + deps.config.uploadMaxBytes.zip,
  };
  const refused =
    run.validOnly && report.committed && report.errors.length && state.bytes && state.read
      ? // The valid ones are in already: a file that cannot be written must not turn that into an error.
        await refusedFile(
          state.bytes,
          state.read.format,
          input.fileName,
          report.errors,
          limits,
        ).catch((err: unknown) => {
          deps.log.error(
            { err },
            'question import: the refused questions file could not be written',
          );
          return null;
        })
      : null;
  return {
    ...report,
    refused: report.rows - report.valid,
    ...(summary?.changes ?? NO_CHANGES),
    // A commit says what it wrote: with validOnly, the valid rows alone.
    ...(report.committed ? { created: result ?? 0 } : {}),
    duplicates: summary?.duplicates ?? 0,
    warnings: summary?.warnings ?? state.read?.notes ?? [],
    ...(run.validOnly && !run.dryRun ? { refusedFile: refused } : {}),
  };
}
