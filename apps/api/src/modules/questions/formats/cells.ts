import {
  type ImportError,
  OPTION_IDS,
  type QuestionFieldsInput,
  TRUE_FALSE_OPTIONS,
} from '@bo/contract';
import type { Cell } from '../../../lib/xlsx/columns.ts';
import type { SheetRow } from '../../../lib/xlsx/sheet.ts';
import { header, OPTION_KEYS, type QuestionColumns } from './sheet.ts';

/**
 * A question and its sheet row, both ways: `cellsOf` writes a question as
 * the sheet's cells (the XLSX export, and every other import format before
 * the common check), `draftOf` reads a checked row back into a question
 * input. What one writes the other reads unchanged: that is the round trip.
 */

/** The curriculum by name, as a sheet and a file carry it. */
export interface CurriculumNames {
  grade?: string | null;
  subject?: string | null;
  chapter?: string | null;
  topic?: string | null;
}

/** A stored question's curriculum names, as its export writes them. */
export const namesOf = (q: {
  gradeName: string | null;
  subjectName: string | null;
  chapterName: string | null;
  topicName: string | null;
}): CurriculumNames => ({
  grade: q.gradeName,
  subject: q.subjectName,
  chapter: q.chapterName,
  topic: q.topicName,
});

/** A question as a file brings it: the input (not yet checked) and its curriculum names. */
export interface Draft {
  /** The sheet row, or the question's number in the file. */
  row: number;
  question: QuestionFieldsInput;
  names: CurriculumNames;
}

export type QuestionCells = Partial<Record<keyof QuestionColumns, Cell>>;

const SEPARATORS = /[\\|;]/g;
const escapeAnswer = (a: string) => a.replace(SEPARATORS, (c) => `\\${c}`);

/** Splits on `sep` outside backslash escapes, unescaping as it goes. */
function splitEscaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
const unescapeAnswer = (s: string) => s.replace(/\\(.)/g, '$1').trim();

const present = (v: string | null | undefined) => (v ? v : undefined);

/** The cells of a question (blank cells absent). */
export function cellsOf(q: QuestionFieldsInput, names: CurriculumNames = {}): QuestionCells {
  const options = q.options ?? [];
  const cells: QuestionCells = { type: q.type, stem: q.stem };
  if (q.type !== 'true_false') {
    options.forEach((o, i) => {
      if (OPTION_KEYS[i]) cells[OPTION_KEYS[i]] = o.html;
    });
  }
  const correct = options.filter((o) => o.correct).map((o) => o.id);
  if (q.type === 'true_false') cells.correct = correct[0] === 'A' ? 'True' : 'False';
  else if (correct.length) cells.correct = correct.join(',');
  const blanks = q.blanks ?? [];
  if (blanks.length) {
    cells.blanks = blanks.map((b) => b.answers.map(escapeAnswer).join(' | ')).join(' ; ');
    const cases = blanks.map((b) => (b.caseSensitive ? 'Yes' : 'No'));
    if (cases.some((c) => c === 'Yes'))
      cells.caseSensitive = new Set(cases).size === 1 ? cases[0]! : cases.join('; ');
  }
  if (q.type === 'cloze' && q.cloze?.gaps.length) writeGaps(q.cloze.gaps, cells);
  if (q.matching) {
    cells.pairs = q.matching.pairs
      .map((p) => `${oneLine(p.left)} -> ${oneLine(p.right)}`)
      .join('\n');
    if (q.matching.distractors?.length)
      cells.distractors = q.matching.distractors.map(oneLine).join('\n');
  }
  if (q.ordering) cells.items = q.ordering.items.map(oneLine).join('\n');
  if (q.numeric) {
    cells.numeric = q.numeric.value;
    if (q.numeric.tolerance) cells.tolerance = q.numeric.tolerance;
    if (q.numeric.unit) cells.unit = q.numeric.unit;
  }
  const rest: QuestionCells = {
    modelAnswer: present(q.modelAnswer),
    explanation: present(q.explanation),
    difficulty: q.difficulty,
    marks: q.marks,
    negativeMarks: q.negativeMarks,
    grade: present(names.grade),
    subject: present(names.subject),
    chapter: present(names.chapter),
    topic: present(names.topic),
    tags: q.tags?.length ? q.tags.join(', ') : undefined,
    language: q.language,
    status: q.status,
  };
  for (const [key, value] of Object.entries(rest) as [keyof QuestionColumns, Cell | undefined][])
    if (value !== undefined) cells[key] = value;
  return cells;
}

/** A rich text on one line of a cell (line breaks are insignificant in HTML outside <pre>). */
const oneLine = (html: string) => html.replace(/\s*\n\s*/g, ' ');
const linesIn = (cell: string | undefined) =>
  (cell ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const CHOOSE = /^choose:\s*/i;
type Gap = NonNullable<QuestionFieldsInput['cloze']>['gaps'][number];

/** A cloze's gaps in the blank answers' cell: a choice gap as "choose: =right | wrong". */
function writeGaps(gaps: Gap[], cells: QuestionCells) {
  cells.blanks = gaps
    .map((g) =>
      g.kind === 'choice'
        ? `choose: ${g.choices.map((c) => `${c.correct ? '=' : ''}${escapeAnswer(c.text)}`).join(' | ')}`
        : g.answers.map(escapeAnswer).join(' | '),
    )
    .join(' ; ');
  const cases = gaps.map((g) => (g.kind === 'text' && g.caseSensitive ? 'Yes' : 'No'));
  if (cases.includes('Yes'))
    cells.caseSensitive = new Set(cases).size === 1 ? cases[0]! : cases.join('; ');
}

/** A blank read from the cell as a cloze gap: "choose:" makes it a choice list. */
function gapOf(blank: { answers: string[]; caseSensitive?: boolean }): Gap {
  const [first, ...rest] = blank.answers;
  if (first === undefined || !CHOOSE.test(first))
    return { kind: 'text', answers: blank.answers, caseSensitive: blank.caseSensitive ?? false };
  const choices = [first.replace(CHOOSE, ''), ...rest];
  return {
    kind: 'choice',
    choices: choices.map((c) =>
      c.startsWith('=') ? { text: c.slice(1).trim(), correct: true } : { text: c, correct: false },
    ),
  };
}

const YES = /^(yes|y|true|1)$/i;
const NO = /^(no|n|false|0)$/i;

/**
 * A row whose cells passed their column rules, read back as a question
 * input, with the problems only the row as a whole shows (a key naming an
 * empty option, a case rule per blank that does not match the blanks).
 * The contract's rules (`questionProblems`) run after, on the input.
 */
export function draftOf(row: SheetRow<QuestionColumns>): {
  draft: Draft;
  problems: ImportError[];
} {
  const v = row.values;
  const problems: ImportError[] = [];
  const problem = (key: keyof QuestionColumns, message: string) =>
    problems.push({ row: row.row, column: header(key), message });
  const type = v.type ?? 'single_choice';
  const question: QuestionFieldsInput = { type, stem: v.stem ?? '' };

  const texts = OPTION_KEYS.map((k) => v[k]);
  const last = texts.findLastIndex((t) => t !== undefined);
  const given = texts.slice(0, last + 1);
  const correctCell = v.correct?.trim() ?? '';
  if (type === 'true_false') {
    if (last >= 0) problem('optionA', 'A true/false question takes no options: leave A-F empty');
    const answer = YES.test(correctCell) || /^(true|t|a)$/i.test(correctCell);
    const no = NO.test(correctCell) || /^(false|f|b)$/i.test(correctCell);
    if (!answer && !no) problem('correct', 'Correct must be True or False');
    question.options = TRUE_FALSE_OPTIONS.map((o) => ({
      ...o,
      correct: o.id === 'A' ? answer : no,
    }));
  } else if (type === 'single_choice' || type === 'multiple_choice') {
    const letters = correctCell
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((l) => l.toUpperCase());
    for (const letter of letters) {
      const at = OPTION_IDS.indexOf(letter as (typeof OPTION_IDS)[number]);
      if (at < 0)
        problem('correct', `Correct must name options by letter (A to F), not "${letter}"`);
      else if (given[at] === undefined)
        problem('correct', `Correct names option ${letter}, which is empty`);
    }
    given.forEach((t, i) => {
      if (t === undefined && !row.failed.has(OPTION_KEYS[i]!))
        problem(OPTION_KEYS[i]!, `Option ${OPTION_IDS[i]} is empty but a later option is given`);
    });
    question.options = given.map((t, i) => ({
      id: OPTION_IDS[i]!,
      html: t ?? '',
      correct: letters.includes(OPTION_IDS[i]!),
    }));
  } else {
    if (last >= 0) problem('optionA', 'Only choice questions have options: leave A-F empty');
    if (correctCell)
      problem('correct', 'Only choice and true/false questions have a correct letter');
  }

  if (v.blanks !== undefined) {
    const blanks = splitEscaped(v.blanks, ';').map((b) =>
      splitEscaped(b, '|').map(unescapeAnswer).filter(Boolean),
    );
    const cases = (v.caseSensitive ?? '').split(';').map((c) => c.trim());
    if (cases.some((c) => c && !YES.test(c) && !NO.test(c)))
      problem(
        'caseSensitive',
        'Case sensitive must be Yes or No (one for all blanks, or one per blank separated by ;)',
      );
    else if (cases.length > 1 && cases.length !== blanks.length)
      problem(
        'caseSensitive',
        `Case sensitive gives ${cases.length} values for ${blanks.length} blanks`,
      );
    question.blanks = blanks.map((answers, i) => ({
      answers,
      caseSensitive: YES.test(cases.length === 1 ? cases[0]! : (cases[i] ?? '')),
    }));
  } else if (v.caseSensitive !== undefined)
    problem('caseSensitive', 'Case sensitive needs Blank answers');

  if (type === 'cloze' && question.blanks) {
    question.cloze = { gaps: question.blanks.map(gapOf) };
    question.blanks = [];
  }
  if (v.pairs !== undefined || v.distractors !== undefined) {
    if (type !== 'matching') problem('pairs', 'Only a matching question has pairs');
    question.matching = {
      pairs: linesIn(v.pairs).map((line) => {
        const at = line.indexOf('->');
        return at < 0
          ? { left: line, right: '' }
          : { left: line.slice(0, at).trim(), right: line.slice(at + 2).trim() };
      }),
      distractors: linesIn(v.distractors),
    };
  }
  if (v.items !== undefined) {
    if (type !== 'ordering') problem('items', 'Only an ordering question has items in order');
    question.ordering = { items: linesIn(v.items) };
  }
  if (v.numeric !== undefined) {
    question.numeric = { value: v.numeric, tolerance: v.tolerance ?? 0, unit: v.unit ?? null };
  } else if (v.tolerance !== undefined || v.unit !== undefined) {
    if (!row.failed.has('numeric'))
      problem('numeric', 'Tolerance and Unit need the Numeric answer');
  }
  if (v.modelAnswer !== undefined) question.modelAnswer = v.modelAnswer;
  if (v.explanation !== undefined) question.explanation = v.explanation;
  if (v.difficulty) question.difficulty = v.difficulty;
  if (v.marks !== undefined) question.marks = v.marks;
  if (v.negativeMarks !== undefined) question.negativeMarks = v.negativeMarks;
  if (v.tags !== undefined)
    question.tags = v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  if (v.language) question.language = v.language;
  if (v.status) question.status = v.status;
  const names = { grade: v.grade, subject: v.subject, chapter: v.chapter, topic: v.topic };
  return { draft: { row: row.row, question, names }, problems };
}
