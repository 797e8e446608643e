import type { Difficulty, QuestionSource, QuestionStatus } from '@bo/contract';
import {
  DIFFICULTIES,
  QUESTION_LANGUAGES,
  QUESTION_SOURCES,
  QUESTION_STATUSES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
} from '@bo/contract/questions';

/** Words and colours of the question bank's list, preview and filters. */
export const TYPE_LABEL = QUESTION_TYPE_LABELS;

export const DIFFICULTY_LABEL: Record<Difficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};
export const DIFFICULTY_COLOR: Record<Difficulty, string> = {
  easy: 'green',
  medium: 'yellow',
  hard: 'red',
};

export const STATUS_LABEL: Record<QuestionStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
};
export const STATUS_COLOR: Record<QuestionStatus, string> = {
  draft: 'gray',
  active: 'teal',
  inactive: 'orange',
};

export const SOURCE_LABEL: Record<QuestionSource, string> = {
  manual: 'Typed in',
  xlsx: 'Spreadsheet',
  moodle: 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  qti: 'QTI',
};

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));

export const typeOptions = options(QUESTION_TYPES, TYPE_LABEL);
export const difficultyOptions = options(DIFFICULTIES, DIFFICULTY_LABEL);
export const statusOptions = options(QUESTION_STATUSES, STATUS_LABEL);
export const sourceOptions = options(QUESTION_SOURCES, SOURCE_LABEL);
export const languageOptions = QUESTION_LANGUAGES.map((l) => ({ value: l, label: l }));

/** "1 question", "3 questions". */
export const questionsCount = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'question' : 'questions'}`;

/**
 * A total the server estimated (totalIsEstimate) in words: "about 1.2
 * million", "about 48,000". Exact totals are shown as they are.
 */
export function approximateTotal(total: number): string {
  if (total >= 1_000_000) {
    const m = total / 1_000_000;
    return `about ${m >= 10 ? Math.round(m) : Math.round(m * 10) / 10} million`;
  }
  if (total >= 10_000) return `about ${(Math.round(total / 1000) * 1000).toLocaleString('en-US')}`;
  return `about ${total.toLocaleString('en-US')}`;
}

/**
 * The curriculum of a row in one line: "Class 7 › Science › Light". Here, not
 * beside the list's table, so the editor's preview does not pull the table
 * (and mantine-datatable) into the editor's download.
 */
export const curriculumLine = (q: {
  gradeName: string | null;
  subjectName: string | null;
  chapterName: string | null;
  topicName: string | null;
}) => [q.gradeName, q.subjectName, q.chapterName, q.topicName].filter(Boolean).join(' › ');
