import type { ImportError } from '@bo/contract';
import type { ReadSheet } from '../../../lib/import/xlsx/read.ts';
import { readRow, type SheetRow } from '../../../lib/xlsx/sheet.ts';
import { cellsOf, type Draft } from './cells.ts';
import { type QuestionColumns, questionSheet } from './sheet.ts';

/**
 * What a parser of a text format (Moodle XML, GIFT, Aiken) answers: the
 * questions it could read, numbered in the file, the problems of the file
 * itself (a question it could not make sense of), and notes (what it
 * skipped on purpose: a category, a description, a type the bank does not
 * have). Every draft then becomes a row of the question sheet, so the same
 * cell rules and the same check apply to every format.
 */
export interface ParsedFile {
  drafts: Draft[];
  errors: ImportError[];
  notes: Note[];
}

export interface Note {
  row: number;
  message: string;
  /** A category entry: not a question, so not counted among the questions read. */
  category?: boolean;
}

/** The report's column for a question-level problem in a text format. */
export const QUESTION_COLUMN = 'Question';

const KEYS = Object.keys(questionSheet.columns) as (keyof QuestionColumns)[];
const POSITIONS = new Map(KEYS.map((k, i) => [k, i]));

/**
 * The drafts as sheet rows, each cell through its column's rule, and the
 * counts of the report: every question entry of the file is read (a draft,
 * one the parser refused, one skipped on purpose with a note; a category is
 * no question), and a skipped one is never valid. Counting only the drafts
 * made "rows" miss the refused questions and "valid" go below zero.
 */
export function sheetOf(parsed: ParsedFile): ReadSheet<QuestionColumns> {
  const errors: ImportError[] = [...parsed.errors];
  const rows: SheetRow<QuestionColumns>[] = [];
  for (const draft of parsed.drafts) {
    const cells = cellsOf(draft.question, draft.names);
    const row = readRow(questionSheet, POSITIONS, draft.row, (at) => cells[KEYS[at]!], errors);
    if (row) rows.push(row);
  }
  const questions = new Set([...parsed.drafts, ...parsed.errors].map((q) => q.row));
  let skipped = 0;
  for (const note of parsed.notes) {
    if (note.category || questions.has(note.row)) continue;
    questions.add(note.row);
    skipped++;
  }
  return { rows, errors, headerProblems: false, read: questions.size, skipped };
}

/** A file too large in questions, refused like a sheet with too many rows. */
export const MAX_TEXT_QUESTIONS = questionSheet.maxRows;

/** Lines of a text, any line ending; a BOM is dropped. */
export const linesOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

/** Plain text as HTML: escaped, line breaks kept. */
export const textToHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
