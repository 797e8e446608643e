import type { ImportError, QuestionImportFormat, QuestionSource } from '@bo/contract';
import type { Tx } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { heapKeeper } from '../../../lib/heap-keeper.ts';
import type { ChangeCounts } from '../../../lib/import/changes.ts';
import { type KeptWriter, keepBatches, takeKept } from '../../../lib/import/kept-batches.ts';
import type { PreparedQuestion } from '../questions.prepare.ts';
import { lockQuestions } from '../questions.queries.ts';
import { questionRows } from '../questions.write.ts';
import type { CurriculumNames } from './cells.ts';
import { type CurriculumIds, curriculumResolver } from './curriculum-names.ts';
import type { CheckedRow, Warning } from './import-check.ts';
import { type QuestionUpdate, updateOf } from './import-update.ts';

/**
 * The commit of a file a clean dry run has just checked, without reading
 * and checking it again (docs/performance.md, "Fifth pass"). The dry run
 * keeps, per batch, the questions it prepared as the JSON text the insert
 * takes (`questionRows`: the commit neither parses them nor writes them
 * out again) and, per question, its row, curriculum names and ids and its
 * dedupe key; what it worked out from the file alone (the cells, the
 * contract, sanitising, TeX, the derived texts and the duplicates within
 * the file) is the same for the same bytes and is reused. What it worked
 * out from the database is asked again, batch by batch, in the commit's
 * transaction: the curriculum names must resolve to the ids the dry run
 * found (the full check's own resolver), and no question of the batch may
 * be in the bank (the unique index on the dedupe key, at the insert), and
 * every question a row updates (an export's row with its ID) must still be
 * at the revision the dry run compared it with, checked under its lock.
 * Any other answer (a curriculum edit, a question saved or edited
 * meanwhile) rolls the commit back and the full pass runs, which
 * names every problem as before. A file whose near duplicates were looked
 * up (up to NEAR_CHECK_MAX questions) or that has images is never kept:
 * those warnings and addresses come from the database and storage.
 */

/** Known before the rows: the format read (the request may leave it to the file). */
export interface KeptHead {
  source: QuestionSource;
}

type KeptRow = { row: number; names: CurriculumNames; ids: CurriculumIds; key: string };

/** A row that changes a stored question: the question as prepared, and what its audit row tells. */
export type KeptUpdate = KeptRow & { question: PreparedQuestion; was: QuestionUpdate };

/** One checked batch, as kept. */
export interface KeptBatch {
  /** Per new question, in order: its row, its curriculum names and the ids they had, its dedupe key. */
  rows: KeptRow[];
  /** The new questions as `writeQuestionRows` inserts them (the batch's text in the kept file). */
  questions: string;
  /** The rows that change a stored question (in the batch's JSON line). */
  updates: KeptUpdate[];
}

/** What a batch's JSON line holds; its new questions' text follows it. */
type KeptLine = Pick<KeptBatch, 'rows' | 'updates'>;

const keptRow = ({ row, names, question: q }: CheckedRow): KeptRow => ({
  row,
  names,
  ids: {
    gradeId: q.fields.gradeId ?? null,
    subjectId: q.fields.subjectId ?? null,
    chapterId: q.fields.chapterId ?? null,
    topicId: q.fields.topicId ?? null,
  },
  key: q.dedupeKey,
});

/** A batch the check passed, as kept for the commit: its new questions and its updates. */
export const keptBatch = (created: CheckedRow[], updated: CheckedRow[]): KeptBatch => ({
  rows: created.map(keptRow),
  questions: questionRows(created.map((c) => c.question)),
  updates: updated.map((u) => ({ ...keptRow(u), question: u.question, was: updateOf(u) })),
});

export interface KeptEnd {
  rows: number;
  /** Of `rows`, the entries skipped on purpose (a description, a type the bank lacks). */
  skipped?: number;
  warnings: Warning[];
  /** What the dry run counted and listed: new, updated, unchanged, the changed cells. */
  changes: ChangeCounts;
}

/** The kept file's name: the import and the format asked for (the same bytes read otherwise). */
const keptName = (format: QuestionImportFormat | undefined) => `questions-${format ?? 'any'}`;

/** The kept file's writer: a batch's rows as its JSON line, its questions as its text. */
export type KeptQuestions = Omit<KeptWriter<KeptLine, KeptEnd>, 'add'> & {
  add(batch: KeptBatch): Promise<void>;
};

export async function keepChecked(
  deps: Deps,
  format: QuestionImportFormat | undefined,
  sha256: string,
  head: KeptHead,
): Promise<KeptQuestions> {
  const writer = await keepBatches<KeptHead, KeptLine, KeptEnd>(
    deps.config.dataDir,
    keptName(format),
    sha256,
    head,
  );
  return {
    ...writer,
    add: ({ rows, updates, questions }) => writer.add({ rows, updates }, questions),
  };
}

/** The database answered otherwise than to the dry run: roll back, run the full pass. */
class Stale extends Error {}

/**
 * Whether the curriculum names of `rows` still resolve to the ids the dry
 * run found. (A question of the batch already in the bank is refused by
 * the unique index on the dedupe key when the batch is written.)
 */
async function sameCurriculum(tx: Tx, rows: KeptRow[]): Promise<boolean> {
  const resolve = await curriculumResolver(
    tx,
    rows.map((r) => r.names),
  );
  const errors: ImportError[] = [];
  for (const { row, names, ids: kept } of rows) {
    const ids = resolve(row, names, errors);
    if (
      errors.length ||
      ids.gradeId !== kept.gradeId ||
      ids.subjectId !== kept.subjectId ||
      ids.chapterId !== kept.chapterId ||
      ids.topicId !== kept.topicId
    )
      return false;
  }
  return true;
}

/** Whether every question the batch updates is still at the revision the dry run compared (locked). */
async function sameRevisions(tx: Tx, updates: KeptUpdate[]): Promise<boolean> {
  if (!updates.length) return true;
  const now = new Map(
    (
      await lockQuestions(
        tx,
        updates.map((u) => u.was.id),
      )
    ).map((q) => [q.id, q.revision]),
  );
  return updates.every((u) => now.get(u.was.id) === u.was.revision);
}

/**
 * Commits what the dry run of the file of `sha256` kept, in one transaction: each
 * batch checked against the database again, then written by `write` (the
 * full pass's apply); `end` audits and answers. Null when nothing was kept
 * or the database answers otherwise now (nothing written).
 */
export async function commitKept<R>(
  deps: Deps,
  format: QuestionImportFormat | undefined,
  sha256: string,
  run: {
    write(tx: Tx, batch: KeptBatch, source: QuestionSource): Promise<void>;
    end(tx: Tx, kept: KeptEnd, source: QuestionSource): Promise<R>;
  },
): Promise<R | null> {
  const kept = await takeKept<KeptHead, KeptLine, KeptEnd>(
    deps.config.dataDir,
    keptName(format),
    sha256,
  );
  if (!kept) return null;
  try {
    return await deps.db.transaction(async (tx) => {
      const collect = heapKeeper();
      const { source } = kept.head;
      for (let next = await kept.batches.next(); !next.done; ) {
        const { batch, text: questions } = next.value;
        const { rows, updates } = batch;
        if (questions === undefined) throw new Error('A kept question batch without its text');
        if (!(await sameCurriculum(tx, [...rows, ...updates]))) throw new Stale();
        if (!(await sameRevisions(tx, updates))) throw new Stale();
        // The next batch is read and parsed while the database writes this one.
        [, next] = await Promise.all([
          run.write(tx, { rows, questions, updates }, source),
          kept.batches.next(),
        ]);
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
