import { z } from 'zod';
import { idSchema, textSchema, timestampSchema } from './common.ts';
import {
  blankSchema,
  countBlanks,
  difficultySchema,
  numericAnswerSchema,
  OPTION_IDS,
  optionIdSchema,
  optionSchema,
  QUESTION_TYPE_LABELS,
  questionLanguageSchema,
  questionSourceSchema,
  questionStatusSchema,
  questionTypeSchema,
  richTextSchema,
  TRUE_FALSE_OPTIONS,
} from './questions-parts.ts';
import {
  clozeSchema,
  isBlankHtml,
  matchingSchema,
  orderingSchema,
  structuredProblems,
} from './questions-structured.ts';

/**
 * The question bank (docs/questions.md): typed questions whose texts are rich
 * text (sanitised HTML with LaTeX between `\( … \)` or `\[ … \]`). One input
 * shape serves the editor, the API, every import format and the exports; one
 * rule function (`questionProblems`) checks it everywhere, so the form flags
 * as the admin types exactly what the server would refuse. Its parts (types,
 * statuses, options, blanks, numeric answers) are in questions-parts.ts,
 * exported from here too.
 */

export * from './questions-parts.ts';
export * from './questions-structured.ts';

/** Marks in steps of 0.25 (quarter marks are common in negative marking). */
export const marksSchema = z
  .number()
  .min(0)
  .max(1000, 'At most 1000 marks')
  .refine((n) => Number.isInteger(n * 4), 'Marks go in steps of 0.25');

export const tagSchema = textSchema({ min: 1, max: 40 }).transform((t) => t.toLowerCase());

/** The fields of a question as typed; rules that tie fields together are in `questionProblems`. */
export const questionFieldsSchema = z.object({
  type: questionTypeSchema,
  stem: richTextSchema.pipe(z.string().min(1, 'Required')),
  /** Choice and true/false questions; empty for the other types. */
  options: z.array(optionSchema).max(6).default([]),
  /** Fill in the blank: one entry per blank of the stem, in order. */
  blanks: z.array(blankSchema).max(20).default([]),
  /** Numeric questions. */
  numeric: numericAnswerSchema.nullable().default(null),
  /** Matching questions: the pairs and the extra right-hand texts. */
  matching: matchingSchema.nullable().default(null),
  /** Ordering questions: the items in their right order. */
  ordering: orderingSchema.nullable().default(null),
  /** Cloze questions: one gap per `___` of the stem. */
  cloze: clozeSchema.nullable().default(null),
  /** Subjective questions (optional for the others: never shown to learners as a key). */
  modelAnswer: richTextSchema.nullable().default(null),
  explanation: richTextSchema.nullable().default(null),
  difficulty: difficultySchema.default('medium'),
  marks: marksSchema.default(1),
  negativeMarks: marksSchema.default(0),
  gradeId: idSchema.nullable().default(null),
  subjectId: idSchema.nullable().default(null),
  chapterId: idSchema.nullable().default(null),
  topicId: idSchema.nullable().default(null),
  tags: z
    .array(tagSchema)
    .max(20, 'At most 20 tags')
    .default([])
    .transform((tags) => [...new Set(tags)]),
  language: questionLanguageSchema.default('English'),
  status: questionStatusSchema.default('draft'),
});
export type QuestionFields = z.infer<typeof questionFieldsSchema>;
export type QuestionFieldsInput = z.input<typeof questionFieldsSchema>;

export interface QuestionProblem {
  /** Path of the field, e.g. ['options', 2, 'html'] or ['blanks']. */
  path: (string | number)[];
  message: string;
}

/**
 * Every rule that ties a question's fields together, each problem with its
 * field: used by the contract (superRefine), the editor as the admin types,
 * and each import (one sentence per problem, all of them at once).
 */
export function questionProblems(q: QuestionFields): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const add = (path: QuestionProblem['path'], message: string) => problems.push({ path, message });
  if (isBlankHtml(q.stem)) add(['stem'], 'Write the question');
  if (q.marks <= 0) add(['marks'], 'Marks must be more than 0');
  if (q.negativeMarks > q.marks)
    add(['negativeMarks'], 'Negative marks cannot be more than the marks');
  const choice =
    q.type === 'single_choice' || q.type === 'multiple_choice' || q.type === 'true_false';
  if (choice) {
    const correct = q.options.filter((o) => o.correct).length;
    const ids = q.options.map((o) => o.id);
    if (ids.some((id, i) => id !== OPTION_IDS[i]))
      add(['options'], 'Options must be lettered A, B, C… in order');
    if (q.type === 'true_false') {
      if (
        q.options.length !== 2 ||
        q.options.some((o, i) => o.html !== TRUE_FALSE_OPTIONS[i]?.html)
      )
        add(['options'], 'A true/false question has exactly the options True and False');
      if (correct !== 1) add(['options'], 'Mark either True or False as correct');
    } else {
      if (q.options.length < 2) add(['options'], 'Give at least 2 options');
      q.options.forEach((o, i) => {
        if (isBlankHtml(o.html)) add(['options', i, 'html'], `Option ${o.id} is empty`);
      });
      if (q.type === 'single_choice' && correct !== 1)
        add(
          ['options'],
          correct === 0 ? 'Mark the correct option' : 'Mark exactly one option as correct',
        );
      if (q.type === 'multiple_choice' && correct === 0)
        add(['options'], 'Mark at least one correct option');
    }
  } else if (q.options.length)
    add(['options'], `A ${QUESTION_TYPE_LABELS[q.type].toLowerCase()} question has no options`);
  if (q.type === 'fill_blank') {
    const inStem = countBlanks(q.stem);
    if (inStem === 0) add(['stem'], 'Mark each blank in the question with ___ (three underscores)');
    else if (inStem !== q.blanks.length)
      add(
        ['blanks'],
        `The question has ${inStem} blank${inStem === 1 ? '' : 's'} but ${q.blanks.length} answer${q.blanks.length === 1 ? ' is' : 's are'} given`,
      );
  } else if (q.blanks.length) add(['blanks'], 'Only a fill-in-the-blank question has blanks');
  structuredProblems(q, add);
  if (q.type === 'numeric' && !q.numeric) add(['numeric'], 'Give the numeric answer');
  if (q.type !== 'numeric' && q.numeric)
    add(['numeric'], 'Only a numeric question has a numeric answer');
  // A draft may wait for its model answer (an imported essay without grader
  // information); a question that can be used may not.
  if (q.type === 'subjective' && isBlankHtml(q.modelAnswer) && q.status !== 'draft')
    add(['modelAnswer'], 'Write the model answer');
  if (q.topicId && !q.chapterId) add(['chapterId'], 'Choose the chapter of the topic');
  return problems;
}

/** The question input with its cross-field rules: what every write and import is checked against. */
export const questionInputSchema = questionFieldsSchema.superRefine((q, ctx) => {
  for (const p of questionProblems(q))
    ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});
export type QuestionInput = z.input<typeof questionInputSchema>;

/**
 * The fields as the API answers them: what was stored, already checked, so
 * plain types. Answers are serialised by encoding through their schema, and
 * the input's transforms (trim and NFC, lowercased tags) only go one way.
 */
export const storedQuestionFieldsSchema = z.object({
  type: questionTypeSchema,
  stem: z.string(),
  options: z.array(z.object({ id: optionIdSchema, html: z.string(), correct: z.boolean() })),
  blanks: z.array(z.object({ answers: z.array(z.string()), caseSensitive: z.boolean() })),
  numeric: z
    .object({ value: z.number(), tolerance: z.number(), unit: z.string().nullable() })
    .nullable(),
  // Revisions saved before these types existed have none of the three.
  matching: z
    .object({
      pairs: z.array(z.object({ left: z.string(), right: z.string() })),
      distractors: z.array(z.string()),
    })
    .nullable()
    .default(null),
  ordering: z
    .object({ items: z.array(z.string()) })
    .nullable()
    .default(null),
  cloze: z
    .object({
      gaps: z.array(
        z.discriminatedUnion('kind', [
          z.object({
            kind: z.literal('choice'),
            choices: z.array(z.object({ text: z.string(), correct: z.boolean() })),
          }),
          z.object({
            kind: z.literal('text'),
            answers: z.array(z.string()),
            caseSensitive: z.boolean(),
          }),
        ]),
      ),
    })
    .nullable()
    .default(null),
  modelAnswer: z.string().nullable(),
  explanation: z.string().nullable(),
  difficulty: difficultySchema,
  marks: z.number(),
  negativeMarks: z.number(),
  gradeId: z.number().int().nullable(),
  subjectId: z.number().int().nullable(),
  chapterId: z.number().int().nullable(),
  topicId: z.number().int().nullable(),
  tags: z.array(z.string()),
  language: questionLanguageSchema,
  status: questionStatusSchema,
}) satisfies z.ZodType<QuestionFields>;

/** A question as answered by the API. */
export const questionSchema = storedQuestionFieldsSchema.extend({
  id: z.number().int(),
  /** Goes up by one at each save; an edit sends the revision it started from. */
  revision: z.number().int(),
  source: questionSourceSchema,
  /** The import it came from (file name and date), null when typed in. */
  sourceLabel: z.string().nullable(),
  gradeName: z.string().nullable(),
  subjectName: z.string().nullable(),
  chapterName: z.string().nullable(),
  topicName: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Question = z.infer<typeof questionSchema>;

/**
 * A row of the question list: enough to render the stem and its labels.
 * `stemView` is the stem as the list shows it, drawn by the server (sanitised
 * again as it is read, formulas rendered by KaTeX with trust off): the list's
 * screen then needs KaTeX's style sheet, not its code (docs/performance.md).
 */
export const questionRowSchema = questionSchema
  .pick({
    id: true,
    type: true,
    stem: true,
    difficulty: true,
    status: true,
    marks: true,
    negativeMarks: true,
    tags: true,
    language: true,
    source: true,
    gradeName: true,
    subjectName: true,
    chapterName: true,
    topicName: true,
    updatedAt: true,
  })
  .extend({ stemView: z.string() });
export type QuestionRow = z.infer<typeof questionRowSchema>;

/** A question that resembles another: shown as a warning with a link, never merged. */
export const nearDuplicateSchema = z.object({
  id: z.number().int(),
  /** The other question's stem as plain text (shortened). */
  text: z.string(),
  /** Trigram similarity 0-1. */
  similarity: z.number(),
});
export type NearDuplicate = z.infer<typeof nearDuplicateSchema>;

/** One saved state of a question: who saved it, when, how, and which fields changed. */
export const QUESTION_REVISION_ACTIONS = [
  'create',
  'edit',
  'restore',
  'import',
  'status',
  'bulk_edit',
  'bulk_undo',
] as const;
export const questionRevisionSchema = z.object({
  revision: z.number().int(),
  action: z.enum(QUESTION_REVISION_ACTIONS),
  /** Names of the fields that differ from the revision before (empty for the first). */
  changed: z.array(z.string()),
  /** The question as it was saved at this revision. */
  question: storedQuestionFieldsSchema,
  /** For a restore: the revision it brought back. */
  restoredFrom: z.number().int().nullable(),
  byName: z.string().nullable(),
  at: timestampSchema,
});
export type QuestionRevision = z.infer<typeof questionRevisionSchema>;
