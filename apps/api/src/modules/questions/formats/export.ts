import type { Question, QuestionFieldsInput, questionExportQuery } from '@bo/contract';
import type { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { textFile, xlsxFile } from '../../../lib/file-answer.ts';
import type { CellValue } from '../../../lib/xlsx/export.ts';
import { templateOf } from '../../../lib/xlsx/sheet.ts';
import { questionsMatching } from '../questions.matching.ts';
import { type CurriculumNames, cellsOf, namesOf } from './cells.ts';
import { giftFile } from './gift-export.ts';
import { moodleXml } from './moodle-export.ts';
import { COLUMN_HELP, questionSheet } from './sheet.ts';
import { travellingFile } from './travel.ts';

/**
 * The template and the exports. The XLSX export writes the template's
 * columns (cells.ts), so a file exported here imports unchanged; the Moodle
 * XML export is moodle-export.ts. Both stream: the questions are read in
 * batches and written as they come.
 */

type Row = Record<string, CellValue>;
const rowOf = (q: QuestionFieldsInput, names: CurriculumNames = {}): Row => ({
  ...cellsOf(q, names),
});

/** The help sheet: what each column holds. */
const helpSheet = {
  name: 'Columns',
  columns: [
    { header: 'Column', key: 'column', width: 18 },
    { header: 'What to write', key: 'help', width: 120 },
  ],
  rows: Object.entries(questionSheet.columns).map(([key, c]) => ({
    column: c.header,
    help: COLUMN_HELP[key as keyof typeof COLUMN_HELP],
  })),
};

const EXAMPLES: QuestionFieldsInput[] = [
  {
    type: 'single_choice',
    stem: 'What is \\(2 + 2\\)?',
    options: [
      { id: 'A', html: '3', correct: false },
      { id: 'B', html: '4', correct: true },
      { id: 'C', html: '5', correct: false },
    ],
    explanation: 'Two and two make four.',
    difficulty: 'easy',
    marks: 1,
    negativeMarks: 0.25,
    tags: ['arithmetic'],
  },
  {
    type: 'multiple_choice',
    stem: 'Which are prime?',
    options: [
      { id: 'A', html: '2', correct: true },
      { id: 'B', html: '4', correct: false },
      { id: 'C', html: '7', correct: true },
    ],
    marks: 2,
  },
  {
    type: 'true_false',
    stem: 'The Sun is a star.',
    options: [
      { id: 'A', html: 'True', correct: true },
      { id: 'B', html: 'False', correct: false },
    ],
  },
  {
    type: 'fill_blank',
    stem: '___ + 2 = 4, and 10 ÷ 2 = ___',
    blanks: [
      { answers: ['2', 'two'], caseSensitive: false },
      { answers: ['5', 'five'], caseSensitive: false },
    ],
  },
  {
    type: 'numeric',
    stem: 'Acceleration due to gravity, in m/s²?',
    numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' },
  },
  {
    type: 'subjective',
    stem: 'Explain photosynthesis in two lines.',
    modelAnswer: '<p>Plants make food from light, water and carbon dioxide.</p>',
    marks: 3,
  },
];

export const questionTemplate = () => {
  const sheet = templateOf(
    questionSheet,
    EXAMPLES.map((q) => rowOf({ status: 'draft', language: 'English', ...q })),
  );
  return xlsxFile('Questions template.xlsx', [sheet, helpSheet]);
};

type ExportQuery = z.infer<typeof questionExportQuery>;

/**
 * The questions the list shows for the same query (text search and every
 * filter, in the list's order), one batch at a time (questionsMatching), so
 * an export of any size holds one batch in memory.
 */
async function* matchingQuestions(deps: Deps, query: ExportQuery): AsyncGenerator<Question> {
  const { format: _format, leaveOut: _leaveOut, ...filters } = query;
  for await (const batch of questionsMatching(deps.db, filters)) yield* batch;
}

export function exportQuestions(deps: Deps, query: ExportQuery) {
  const day = deps.clock().toISOString().slice(0, 10);
  if (query.format === 'gift') {
    return textFile(`Questions ${day}.gift.txt`, 'text/plain; charset=utf-8', () =>
      giftFile(matchingQuestions(deps, query)),
    );
  }
  if (query.format === 'qti' || query.format === 'quml') return packagedExport(deps, query, day);
  if (query.format === 'moodle') {
    return textFile(`Questions ${day}.xml`, 'application/xml; charset=utf-8', () =>
      moodleXml(matchingQuestions(deps, query), deps.config.publicBaseUrl),
    );
  }
  async function* rows() {
    // With its ID and time, a row comes back as an update of its question (import-update.ts).
    for await (const q of matchingQuestions(deps, query))
      yield { ...rowOf(q, namesOf(q)), id: q.id, updatedAt: q.updatedAt };
  }
  return xlsxFile(`Questions ${day}.xlsx`, [
    { ...templateOf(questionSheet, [], true), rows: rows() },
  ]);
}

/**
 * QTI and QuML: the matching questions as one section of a package (QTI, a
 * ZIP) or a question set (QuML, JSON), both made whole in memory.
 */
async function packagedExport(deps: Deps, query: ExportQuery, day: string) {
  const questions: Question[] = [];
  for await (const q of matchingQuestions(deps, query)) questions.push(q);
  const title = `Questions ${day}`;
  const section = { title: 'Questions', instructions: null, questions };
  const format = query.format === 'qti' ? 'qti' : 'quml';
  return travellingFile(deps, format, { title, sections: [section] }, title, query.leaveOut);
}
