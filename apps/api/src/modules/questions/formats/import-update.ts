import type { ImportError, Question, QuestionFields } from '@bo/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { recordAudits } from '../../../lib/audit-record.ts';
import { type CellPair, changedSinceExport } from '../../../lib/import/changes.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { SheetRow } from '../../../lib/xlsx/sheet.ts';
import { fieldsOf, findQuestions, lockQuestions } from '../questions.queries.ts';
import { type CurriculumNames, cellsOf, namesOf } from './cells.ts';
import type { CheckedRow } from './import-check.ts';
import { header, type QuestionColumns, questionSheet } from './sheet.ts';

/**
 * The rows of a question import that name a stored question by the
 * export's ID (lib/import/changes.ts is the mechanism): which question,
 * whether it was changed after the export, and what the row changes, cell
 * by cell in the sheet's words, both sides written by `cellsOf` as the
 * export writes them, so an unchanged export changes nothing.
 */

/** The questions a batch names, by id; locked in a commit. */
export async function questionsNamed(
  db: Db | Tx,
  rows: SheetRow<QuestionColumns>[],
  lock: boolean,
): Promise<Map<number, Question>> {
  const ids = [...new Set(rows.flatMap((r) => (r.values.id === undefined ? [] : [r.values.id])))];
  if (!ids.length) return new Map();
  if (lock) await lockQuestions(db as Tx, ids);
  return new Map((await findQuestions(db, ids)).map((q) => [q.id, q]));
}

/** The problems of a row that names a question: unknown, named twice, or changed since the export. */
export function targetProblems(
  row: SheetRow<QuestionColumns>,
  stored: Map<number, Question>,
  seen: Map<number, number>,
): ImportError[] {
  const id = row.values.id;
  if (id === undefined) return [];
  const target = stored.get(id);
  if (!target) return [{ row: row.row, column: 'ID', message: `No question has ID ${id}` }];
  const earlier = seen.get(id);
  if (earlier !== undefined)
    return [{ row: row.row, column: 'ID', message: `Question ${id} is also in row ${earlier}` }];
  seen.set(id, row.row);
  const stale = changedSinceExport(row.row, row.values.updatedAt, {
    updatedAt: new Date(target.updatedAt),
    updatedBy: target.updatedByName,
  });
  return stale ? [stale] : [];
}

/** Columns compared: every column of the sheet but the two that name the question. */
const COMPARED = (Object.keys(questionSheet.columns) as (keyof QuestionColumns)[]).filter(
  (k) => k !== 'id' && k !== 'updatedAt',
);
const CURRICULUM = {
  grade: 'gradeId',
  subject: 'subjectId',
  chapter: 'chapterId',
  topic: 'topicId',
};

/**
 * A stored question and what a row makes of it, cell by cell. The
 * curriculum counts as changed when the level's id does (a name typed in
 * another case is the same place); its cells show the names.
 */
export function questionCells(
  stored: Question,
  next: QuestionFields,
  names: CurriculumNames,
): CellPair[] {
  const from = cellsOf(stored, namesOf(stored));
  const to = cellsOf(next, names);
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return COMPARED.map((key) => {
    const level = CURRICULUM[key as keyof typeof CURRICULUM] as keyof QuestionFields | undefined;
    const same = level !== undefined && stored[level] === next[level];
    return [header(key), text(from[key]), same ? text(from[key]) : text(to[key])];
  });
}

/** An updated question as its audit row tells it: the revision and fields it had, the fields it gets. */
export interface QuestionUpdate {
  id: number;
  revision: number;
  before: QuestionFields;
  after: QuestionFields;
}

/** A checked row that updates a question, as its audit (and the kept commit) needs it. */
export const updateOf = (u: CheckedRow): QuestionUpdate => ({
  id: u.target!.id,
  revision: u.target!.revision,
  before: fieldsOf(u.target!),
  after: u.question.fields,
});

/** One audit row per updated question: its fields before and after the import. */
export function auditUpdates(tx: Tx, ctx: RequestContext, updates: QuestionUpdate[]) {
  return recordAudits(
    tx,
    ctx,
    updates.map((u) => ({
      action: 'question_edited' as const,
      entity: 'question' as const,
      entityId: u.id,
      before: { revision: u.revision, ...u.before },
      after: { revision: u.revision + 1, ...u.after, via: 'import' },
    })),
  );
}
