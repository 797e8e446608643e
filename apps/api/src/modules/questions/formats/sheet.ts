import {
  DIFFICULTIES,
  QUESTION_LANGUAGES,
  QUESTION_STATUSES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
  RICH_TEXT_MAX,
} from '@bo/contract';
import { exportKeyColumns } from '../../../lib/import/changes.ts';
import { type Column, cellText, decimal, oneOf, text } from '../../../lib/xlsx/columns.ts';
import { defineSheet } from '../../../lib/xlsx/sheet.ts';

/**
 * The question sheet: one row per question, a column per field. It is the
 * XLSX template, the XLSX export (same columns, so an export re-imports
 * unchanged) and the common form every other import format is turned into
 * before the one check (formats/rows.ts), so every format obeys the same
 * cell rules. The second sheet of the template explains each column
 * (COLUMN_HELP).
 */

/** Largest import: the 50,000-row target of the issue, with room. */
export const MAX_QUESTION_ROWS = 60_000;

/** The type by its key ("single_choice") or its label ("Single choice"), in any case. */
function questionType(header: string): Column<QuestionType, true> {
  const fold = (s: string) => s.toLowerCase().replace(/[\s_/-]+/g, '');
  const byName = new Map<string, QuestionType>();
  for (const t of QUESTION_TYPES) {
    byName.set(fold(t), t);
    byName.set(fold(QUESTION_TYPE_LABELS[t]), t);
  }
  const labels = QUESTION_TYPES.map((t) => QUESTION_TYPE_LABELS[t]).join(', ');
  return {
    header,
    required: true,
    example: QUESTION_TYPE_LABELS.single_choice,
    read: (cell) => {
      const type = byName.get(fold(cellText(cell)));
      return type ? { value: type } : { problem: `${header} must be one of: ${labels}` };
    },
  };
}

const rich = (header: string, example?: string) =>
  text(header, { max: RICH_TEXT_MAX, multiline: true, ...(example ? { example } : {}) });
const marks = (header: string, example: number) =>
  decimal(header, { min: 0, max: 1000, step: 0.25, example });

export const questionSheet = defineSheet({
  name: 'Questions',
  maxRows: MAX_QUESTION_ROWS,
  columns: {
    type: questionType('Type'),
    stem: text('Question', {
      required: true,
      max: RICH_TEXT_MAX,
      multiline: true,
      example: 'What is \\(2 + 2\\)?',
    }),
    optionA: rich('Option A', '3'),
    optionB: rich('Option B', '4'),
    optionC: rich('Option C', '5'),
    optionD: rich('Option D', '22'),
    optionE: rich('Option E'),
    optionF: rich('Option F'),
    correct: text('Correct', { max: 20, example: 'B' }),
    blanks: text('Blank answers', { max: 5000 }),
    caseSensitive: text('Case sensitive', { max: 200 }),
    numeric: decimal('Numeric answer', { min: -1e12, max: 1e12 }),
    tolerance: decimal('Tolerance', { min: 0, max: 1e12 }),
    unit: text('Unit', { max: 30 }),
    pairs: text('Pairs', { max: 50_000, multiline: true }),
    distractors: text('Extra right-hand texts', { max: 20_000, multiline: true }),
    items: text('Items in order', { max: 50_000, multiline: true }),
    modelAnswer: rich('Model answer'),
    explanation: rich('Explanation', '<p>Two and two make four.</p>'),
    difficulty: oneOf('Difficulty', DIFFICULTIES, { example: 'easy' }),
    marks: marks('Marks', 1),
    negativeMarks: marks('Negative marks', 0.25),
    grade: text('Grade', { max: 120 }),
    subject: text('Subject', { max: 120 }),
    chapter: text('Chapter', { max: 300 }),
    topic: text('Topic', { max: 300 }),
    tags: text('Tags', { max: 1000, example: 'arithmetic, addition' }),
    language: oneOf('Language', QUESTION_LANGUAGES, { example: 'English' }),
    status: oneOf('Status', QUESTION_STATUSES, { example: 'draft' }),
    // The export's: a row with them updates that question (import-update.ts).
    ...exportKeyColumns(),
  },
});
export type QuestionColumns = typeof questionSheet.columns;

export const OPTION_KEYS = [
  'optionA',
  'optionB',
  'optionC',
  'optionD',
  'optionE',
  'optionF',
] as const;

/** The header of a column, by key: problems name columns as the sheet writes them. */
export const header = (key: keyof QuestionColumns) => questionSheet.columns[key].header;

/** What each column holds: the template's second sheet and docs/questions.md say the same. */
export const COLUMN_HELP: Record<keyof QuestionColumns, string> = {
  type: `Required. One of: ${QUESTION_TYPES.map((t) => QUESTION_TYPE_LABELS[t]).join(', ')}.`,
  stem: 'Required. The question; HTML allowed (sanitised), math as \\( … \\) or \\[ … \\]. For fill in the blank, write each blank as ___ (three underscores). In a ZIP upload, an image is <img src="figure1.png"> naming a file of the ZIP.',
  optionA:
    'Choice questions: option A (2 to 6 options, A to F, in order, no gaps). Empty for true/false (its options are True and False).',
  optionB: 'Option B.',
  optionC: 'Option C (optional).',
  optionD: 'Option D (optional).',
  optionE: 'Option E (optional).',
  optionF: 'Option F (optional).',
  correct:
    'Single choice: one letter ("B"). Multiple choice: letters separated by commas ("A,C"). True/false: True or False. Empty for the other types.',
  blanks:
    'Fill in the blank and cloze: the accepted answers of each blank or gap, answers separated by | and blanks by ; in the order of the blanks ("4 | four ; 5 | five"). Write \\| or \\; for a | or ; inside an answer. Cloze: a gap the learner picks from a list is written "choose:" then its choices separated by |, the correct one starting with = ("Paris ; choose: =France | Spain | Italy").',
  caseSensitive:
    'Fill in the blank and cloze: Yes when case matters, for every blank ("Yes"), or per blank or gap separated by ; ("Yes; No"). Empty: No. A choice gap ignores it.',
  pairs:
    'Matching: one pair per line (Alt+Enter starts a new line in a cell), the left side, then ->, then the right side ("Hydrogen -> H"). 2 to 12 pairs. Rich text like the question; a left side cannot contain ->.',
  distractors:
    'Matching (optional): extra right-hand texts that match no left side, one per line (up to 6).',
  items:
    'Ordering: the items in their right order, one per line (2 to 12). The learner gets them shuffled.',
  numeric: 'Numeric: the answer (a number).',
  tolerance: 'Numeric: how far from the answer is still right (0 or empty: exact).',
  unit: 'Numeric: the unit shown after the answer (optional), e.g. cm.',
  modelAnswer:
    'Subjective: the model answer (required for subjective). Rich text like the question.',
  explanation: 'Optional: shown after answering. Rich text like the question.',
  difficulty: 'easy, medium or hard (empty: medium).',
  marks: 'More than 0, in steps of 0.25 (empty: 1).',
  negativeMarks: 'From 0 to the marks, in steps of 0.25 (empty: 0).',
  grade: 'Optional: a grade of the curriculum, by name.',
  subject: 'Optional: a subject of that grade, by name (needs the grade).',
  chapter: 'Optional: a chapter of that subject, by name (needs the subject).',
  topic: 'Optional: a topic of that chapter, by name (needs the chapter).',
  tags: 'Optional: up to 20 tags separated by commas (stored lowercased).',
  language: `${QUESTION_LANGUAGES.join(', ')} (empty: English).`,
  status: 'draft, active or inactive (empty: draft).',
  id: 'From an export: the question this row updates (leave empty for a new question).',
  updatedAt:
    'From an export: when the question was last changed. A question changed after it is not overwritten: the row is reported instead.',
};
