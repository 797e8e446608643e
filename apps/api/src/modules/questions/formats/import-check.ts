import type {
  ImportError,
  Question,
  QuestionFieldsInput,
  QuestionImportResponse,
  QuestionProblem,
} from '@bo/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { ImportChanges } from '../../../lib/import/changes.ts';
import { texProblems } from '../../../lib/rich-text/tex.ts';
import type { SheetRow } from '../../../lib/xlsx/sheet.ts';
import { nearDuplicates } from '../questions.duplicates.ts';
import { type PreparedQuestion, prepareQuestion } from '../questions.prepare.ts';
import { existingDuplicates } from '../questions.write-checks.ts';
import { type CurriculumNames, draftOf } from './cells.ts';
import { curriculumResolver } from './curriculum-names.ts';
import { questionCells, questionsNamed, targetProblems } from './import-update.ts';
import { header, OPTION_KEYS, type QuestionColumns } from './sheet.ts';

/**
 * The question import's check, one batch of rows at a time: the cell rules
 * and the row's own rules (cells.ts), the curriculum by name, the
 * contract's `questionProblems`, sanitising and the TeX check (q-core's
 * `prepareQuestion`), and exact duplicates against the bank and within the
 * file. Across batches it keeps only what the next ones need: the first
 * row of each duplicate key, the counts, and while the file is small the
 * near-duplicate warnings (files of up to NEAR_CHECK_MAX questions).
 */

/** Near duplicates are looked up one question at a time: for files up to this size. */
export const NEAR_CHECK_MAX = 1000;

export type Warning = QuestionImportResponse['warnings'][number];

/** A contract or preparation problem's field path, as the sheet's column. */
function columnOf(p: QuestionProblem): keyof QuestionColumns {
  const [field, index] = p.path;
  if (field === 'options') return typeof index === 'number' ? OPTION_KEYS[index]! : 'correct';
  if (field === 'matching') return index === 'distractors' ? 'distractors' : 'pairs';
  const byField: Record<string, keyof QuestionColumns> = {
    stem: 'stem',
    blanks: 'blanks',
    numeric: 'numeric',
    cloze: 'blanks',
    ordering: 'items',
    modelAnswer: 'modelAnswer',
    explanation: 'explanation',
    marks: 'marks',
    negativeMarks: 'negativeMarks',
    tags: 'tags',
    gradeId: 'grade',
    subjectId: 'subject',
    chapterId: 'chapter',
    topicId: 'topic',
  };
  return byField[String(field)] ?? 'type';
}

/** The rich texts of an input, with the words a message names them by. */
const richTexts = (q: QuestionFieldsInput) => [
  { path: ['stem'], label: 'Question', html: q.stem },
  ...(q.options ?? []).map((o, i) => ({
    path: ['options', i, 'html'],
    label: `Option ${o.id}`,
    html: o.html,
  })),
  ...(q.matching?.pairs ?? []).flatMap((p, i) => [
    { path: ['matching', 'pairs', i], label: `Pair ${i + 1} (left)`, html: p.left },
    { path: ['matching', 'pairs', i], label: `Pair ${i + 1} (right)`, html: p.right },
  ]),
  ...(q.matching?.distractors ?? []).map((html, i) => ({
    path: ['matching', 'distractors', i],
    label: `Extra right-hand text ${i + 1}`,
    html,
  })),
  ...(q.ordering?.items ?? []).map((html, i) => ({
    path: ['ordering', 'items', i],
    label: `Item ${i + 1}`,
    html,
  })),
  ...(q.explanation ? [{ path: ['explanation'], label: 'Explanation', html: q.explanation }] : []),
  ...(q.modelAnswer ? [{ path: ['modelAnswer'], label: 'Model answer', html: q.modelAnswer }] : []),
];

/** A question that passed every rule: its row, the curriculum names it gave, the question. */
export interface CheckedRow {
  row: number;
  names: CurriculumNames;
  question: PreparedQuestion;
  /** The stored question the row updates (the export's ID); absent, the row creates one. */
  target?: Question;
}

export interface QuestionCheck {
  /** Every rule on one batch (rows in sheet order, batches in turn); answers its problems. */
  batch(rows: SheetRow<QuestionColumns>[]): Promise<ImportError[]>;
  /** The new questions of the last batch that passed every rule. */
  prepared: CheckedRow[];
  /** The last batch's rows that change a stored question. */
  updates: CheckedRow[];
  /** Rows that create, update, change nothing, and every changed cell, so far. */
  changes: ImportChanges;
  /** Whether the near duplicates were looked up (a file of up to NEAR_CHECK_MAX questions). */
  nearChecked(): boolean;
  /** Questions found already in the bank, so far. */
  duplicates: number;
  /** Near-duplicate warnings, or the sentence saying the file is too large for them. */
  warnings(): Warning[];
}

/**
 * A check of one file. `fix` changes the rich texts first (a commit puts
 * the images' real addresses in place); `similarityThreshold` is the near
 * duplicates' (QUESTION_SIMILARITY_THRESHOLD).
 */
export function questionCheck(
  db: Db | Tx,
  similarityThreshold: number,
  fix?: (html: string) => string,
  /** A commit: the questions the rows name are locked as they are read. */
  lock = false,
): QuestionCheck {
  const first = new Map<string, number>();
  const named = new Map<number, number>();
  let passed = 0;
  let near: Warning[] = [];
  const check: QuestionCheck = {
    prepared: [],
    updates: [],
    changes: new ImportChanges(),
    duplicates: 0,
    async batch(rows) {
      const errors: ImportError[] = [];
      const stored = await questionsNamed(db, rows, lock);
      const drafts = rows.map((r) => ({ row: r, ...draftOf(r) }));
      const resolve = await curriculumResolver(
        db,
        drafts.map((d) => d.draft.names),
      );
      const prepared: CheckedRow[] = [];
      for (const { row, draft, problems } of drafts) {
        const before = errors.length;
        errors.push(...problems, ...targetProblems(row, stored, named));
        const ids = resolve(row.row, draft.names, errors);
        const q = { ...draft.question, ...ids };
        if (fix) {
          q.stem = fix(q.stem);
          q.options = q.options?.map((o) => ({ ...o, html: fix(o.html) }));
          if (q.explanation) q.explanation = fix(q.explanation);
          if (q.modelAnswer) q.modelAnswer = fix(q.modelAnswer);
          if (q.matching)
            q.matching = {
              pairs: q.matching.pairs.map((p) => ({ left: fix(p.left), right: fix(p.right) })),
              distractors: q.matching.distractors?.map(fix),
            };
          if (q.ordering) q.ordering = { items: q.ordering.items.map(fix) };
        }
        const prep = prepareQuestion(q);
        if (!prep.ok) {
          const seen = new Set<string>();
          // A question the contract refuses is not TeX-checked by prepare: every problem at once.
          const tex = richTexts(q).flatMap(({ path, label, html }) =>
            texProblems(html).map((p) => ({ path, message: `${label}: ${p.message}` })),
          );
          for (const p of [...prep.problems, ...tex]) {
            const key = columnOf(p);
            const message = `${p.message}`;
            // A cell that failed its own rule already said what is wrong with it.
            if (row.failed.has(key) || seen.has(`${key}:${message}`)) continue;
            seen.add(`${key}:${message}`);
            errors.push({ row: row.row, column: header(key), message });
          }
        } else if (errors.length === before && row.failed.size === 0) {
          const target = row.values.id === undefined ? undefined : stored.get(row.values.id);
          prepared.push({ row: row.row, names: draft.names, question: prep.question, target });
        }
      }
      // Looked up before this batch is written, so a question never resembles itself.
      passed += prepared.length;
      if (passed <= NEAR_CHECK_MAX) {
        for (const p of prepared) {
          const found = await nearDuplicates(
            db,
            similarityThreshold,
            p.question.similarityText,
            p.target ? [p.target.id] : [],
          );
          for (const n of found)
            near.push({
              row: p.row,
              message: `Resembles question ${n.id} (${Math.round(n.similarity * 100)}% alike): ${n.text}`,
            });
        }
      } else near = [];
      const fresh = await duplicatesOf(db, prepared, errors);
      check.prepared = [];
      check.updates = [];
      for (const p of fresh) {
        if (!p.target) {
          check.changes.create();
          check.prepared.push(p);
        } else if (
          check.changes.compare(p.row, questionCells(p.target, p.question.fields, p.names))
        )
          check.updates.push(p);
      }
      return errors;
    },
    nearChecked: () => passed <= NEAR_CHECK_MAX,
    warnings: () =>
      passed <= NEAR_CHECK_MAX
        ? near
        : [
            {
              row: 0,
              message: `Near duplicates are looked for in files of up to ${NEAR_CHECK_MAX} questions; this one has ${passed}`,
            },
          ],
  };

  /**
   * Exact duplicates, in the bank or earlier in the file, as problems of
   * their rows; answers the questions that are neither.
   */
  async function duplicatesOf(
    db: Db | Tx,
    prepared: CheckedRow[],
    errors: ImportError[],
  ): Promise<CheckedRow[]> {
    const existing = await existingDuplicates(
      db,
      prepared.map((p) => p.question.dedupeKey),
    );
    const fresh: CheckedRow[] = [];
    for (const p of prepared) {
      const id = existing.get(p.question.dedupeKey);
      const earlier = first.get(p.question.dedupeKey);
      const problem = (message: string) =>
        errors.push({ row: p.row, column: header('stem'), message });
      // A question that keeps its text meets itself in the bank: no duplicate.
      if (id !== undefined && id !== p.target?.id) {
        check.duplicates++;
        problem(`The same question is already in the bank (question ${id})`);
      } else if (earlier !== undefined) problem(`The same question as row ${earlier}`);
      else {
        first.set(p.question.dedupeKey, p.row);
        fresh.push(p);
      }
    }
    return fresh;
  }
  return check;
}
