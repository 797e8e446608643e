import { z } from 'zod';
import { textSchema } from './common.ts';

/**
 * The parts a question is made of (questions.ts puts them together): its
 * type, difficulty, status, source and language, and the answer parts (the
 * options, the true/false pair, the blanks, the numeric answer).
 */

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'fill_blank',
  'numeric',
  'subjective',
  'matching',
  'ordering',
  'cloze',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True / false',
  fill_blank: 'Fill in the blank',
  numeric: 'Numeric',
  subjective: 'Subjective',
  matching: 'Matching',
  ordering: 'Ordering',
  cloze: 'Cloze (several gaps)',
};

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const difficultySchema = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof difficultySchema>;

export const QUESTION_STATUSES = ['draft', 'active', 'inactive'] as const;
export const questionStatusSchema = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof questionStatusSchema>;

/** Where a question came from: typed in the editor, or the import format that brought it. */
export const QUESTION_SOURCES = ['manual', 'xlsx', 'moodle', 'gift', 'aiken', 'qti'] as const;
export const questionSourceSchema = z.enum(QUESTION_SOURCES);
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** Languages a question may be written in (search works on every script). */
export const QUESTION_LANGUAGES = [
  'English',
  'Hindi',
  'Marathi',
  'Gujarati',
  'Bengali',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Urdu',
] as const;
export const questionLanguageSchema = z.enum(QUESTION_LANGUAGES);
export type QuestionLanguage = z.infer<typeof questionLanguageSchema>;

/** Option letters, in order: a choice question has 2 to 6 options A-F. */
export const OPTION_IDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const optionIdSchema = z.enum(OPTION_IDS);

/** The two fixed options of a true/false question. */
export const TRUE_FALSE_OPTIONS = [
  { id: 'A', html: 'True' },
  { id: 'B', html: 'False' },
] as const;

/** Rich text as sent: HTML the server sanitises (allowlist) and whose LaTeX it checks. */
export const RICH_TEXT_MAX = 20_000;
export const richTextSchema = textSchema({ max: RICH_TEXT_MAX, multiline: true });

/**
 * A blank in a fill-in-the-blank stem is written as a run of three or more
 * underscores; blanks are numbered in the order they appear.
 */
export const BLANK_PATTERN = /_{3,}/g;
export const countBlanks = (stem: string) => stem.match(BLANK_PATTERN)?.length ?? 0;

export const optionSchema = z.object({
  id: optionIdSchema,
  html: richTextSchema,
  correct: z.boolean(),
});
export type QuestionOption = z.infer<typeof optionSchema>;

export const blankSchema = z.object({
  /** Every accepted answer (plain text). */
  answers: z
    .array(textSchema({ min: 1, max: 200 }))
    .min(1, 'Give at least one accepted answer')
    .max(20),
  caseSensitive: z.boolean().default(false),
});
export type Blank = z.infer<typeof blankSchema>;

const finite = z.number().refine(Number.isFinite, 'Must be a number');
export const numericAnswerSchema = z.object({
  value: finite,
  /** Accepted distance from `value` (0: exact). */
  tolerance: finite.min(0, 'Tolerance cannot be negative').default(0),
  unit: textSchema({ max: 30 }).nullable().default(null),
});
export type NumericAnswer = z.infer<typeof numericAnswerSchema>;
