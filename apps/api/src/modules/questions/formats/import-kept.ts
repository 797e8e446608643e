import { createHash } from 'node:crypto';
import type { ImportError, QuestionImportFormat, QuestionSource } from '@bo/contract';
import type { Tx } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { heapKeeper } from '../../../lib/heap-keeper.ts';
import { type KeptWriter, keepBatches, takeKept } from '../../../lib/xlsx/kept-batches.ts';
import { curriculumResolver } from './curriculum-names.ts';
import type { CheckedRow, Warning } from './import-check.ts';

/**
 * The commit of a file a clean dry run has just checked, without reading
 * and checking it again (docs/performance.md, "Fifth pass"). The dry run
 * keeps, per batch, the questions it prepared with their rows and
 * curriculum names; what it worked out from the file alone (the cells, the
 * contract, sanitising, TeX, the derived texts and the duplicates within
 * the file) is the same for the same bytes and is reused. What it worked
 * out from the database is asked again, batch by batch, in the commit's
 * transaction: the curriculum names must resolve to the ids the dry run
 * found (the full check's own resolver), and no question of the batch may
 * be in the bank (the unique index on the dedupe key, at the insert). Any
 * other answer (a curriculum edit, a question
 * saved meanwhile) rolls the commit back and the full pass runs, which
 * names every problem as before. A file whose near duplicates were looked
 * up (up to NEAR_CHECK_MAX questions) or that has images is never kept:
 * those warnings and addresses come from the database and storage.
 */

/** Known before the rows: the format read (the request may leave it to the file). */
export interface KeptHead {
  source: QuestionSource;
}

export interface KeptEnd {
  rows: number;
  warnings: Warning[];
}

/** The kept file's name: the import and the format asked for (the same bytes read otherwise). */
const keptName = (format: QuestionImportFormat | undefined) => `questions-${format ?? 'any'}`;

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function keepChecked(
  deps: Deps,
  format: QuestionImportFormat | undefined,
  sha256: string,
  head: KeptHead,
): Promise<KeptWriter<CheckedRow[], KeptEnd>> {
  return keepBatches(deps.config.dataDir, keptName(format), sha256, head);
}

/** The database answered otherwise than to the dry run: roll back, run the full pass. */
class Stale extends Error {}

/**
 * Whether the curriculum names of `rows` still resolve to the ids the dry
 * run found. (A question of the batch already in the bank is refused by
 * the unique index on the dedupe key when the batch is written.)
 */
async function sameCurriculum(tx: Tx, rows: CheckedRow[]): Promise<boolean> {
  const resolve = await curriculumResolver(
    tx,
    rows.map((r) => r.names),
  );
  const errors: ImportError[] = [];
  for (const { row, names, question } of rows) {
    const ids = resolve(row, names, errors);
    const f = question.fields;
    if (
      errors.length ||
      ids.gradeId !== (f.gradeId ?? null) ||
      ids.subjectId !== (f.subjectId ?? null) ||
      ids.chapterId !== (f.chapterId ?? null) ||
      ids.topicId !== (f.topicId ?? null)
    )
      return false;
  }
  return true;
}

/**
 * Commits what the dry run of these bytes kept, in one transaction: each
 * batch checked against the database again, then written by `write` (the
 * full pass's apply); `end` audits and answers. Null when nothing was kept
 * or the database answers otherwise now (nothing written).
 */
export async function commitKept<R>(
  deps: Deps,
  format: QuestionImportFormat | undefined,
  bytes: Buffer,
  run: {
    write(tx: Tx, rows: CheckedRow[], source: QuestionSource): Promise<void>;
    end(tx: Tx, kept: KeptEnd, source: QuestionSource): Promise<R>;
  },
): Promise<R | null> {
  const kept = await takeKept<KeptHead, CheckedRow[], KeptEnd>(
    deps.config.dataDir,
    keptName(format),
    sha256Of(bytes),
  );
  if (!kept) return null;
  try {
    return await deps.db.transaction(async (tx) => {
      const collect = heapKeeper();
      const { source } = kept.head;
      for (let next = await kept.batches.next(); !next.done; ) {
        if (!(await sameCurriculum(tx, next.value))) throw new Stale();
        // The next batch is read and parsed while the database writes this one.
        [, next] = await Promise.all([run.write(tx, next.value, source), kept.batches.next()]);
        collect();
      }
      return run.end(tx, kept.end(), source);
    });
  } catch (err) {
    // A question of the file saved since the dry run: the unique index refused it.
    const duplicate = err instanceof AppError && err.code === 'question_duplicate';
    if (err instanceof Stale || duplicate) {
      deps.log.info('question import: the database changed since the dry run, checking again');
      return null;
    }
    throw err;
  } finally {
    await kept.remove();
  }
}
