import { z } from 'zod';
import {
  cutoffPercentSchema,
  gradeBandsSchema,
  reviewModeSchema,
  storedGradeBandSchema,
} from './assessment-options.ts';
import { idSchema, textSchema, timestampSchema } from './common.ts';
import {
  marksSchema,
  questionSchema,
  questionTypeSchema,
  richTextSchema,
  tagSchema,
} from './questions.ts';

/**
 * One engine for four kinds (docs/assessments.md): a practice (on a book's
 * TOC node), a mock test (in a test category), a diagnostic test (a section
 * per chapter of a subject) and a video quiz (questions at moments of a
 * video) share these shapes; the kinds differ only in the fields they own.
 */
export const ASSESSMENT_KINDS = ['practice', 'mock_test', 'diagnostic', 'video_quiz'] as const;
export const assessmentKindSchema = z.enum(ASSESSMENT_KINDS);
export type AssessmentKind = z.infer<typeof assessmentKindSchema>;

export const ASSESSMENT_KIND_LABELS: Record<AssessmentKind, string> = {
  practice: 'Practice',
  mock_test: 'Mock test',
  diagnostic: 'Diagnostic test',
  video_quiz: 'Video quiz',
};

export const ASSESSMENT_STATUSES = ['draft', 'active', 'inactive'] as const;
export const assessmentStatusSchema = z.enum(ASSESSMENT_STATUSES);
export type AssessmentStatus = z.infer<typeof assessmentStatusSchema>;

/**
 * How a multiple-choice answer scores: all or nothing (every correct option
 * and no wrong one), or per option (a share of the marks per correct option
 * chosen, nothing if a wrong one is chosen).
 */
export const PARTIAL_CREDITS = ['all_or_nothing', 'per_option'] as const;
export const partialCreditSchema = z.enum(PARTIAL_CREDITS);
export type PartialCredit = z.infer<typeof partialCreditSchema>;

/** Fill a section from the bank: `count` questions matching the filters, in a difficulty mix. */
export const sectionRuleSchema = z
  .object({
    subjectId: idSchema.nullable().default(null),
    chapterId: idSchema.nullable().default(null),
    topicId: idSchema.nullable().default(null),
    type: questionTypeSchema.nullable().default(null),
    tag: tagSchema.nullable().default(null),
    /** How many of each difficulty, e.g. 15 easy, 25 medium, 10 hard. */
    mix: z.object({
      easy: z.number().int().min(0).max(500).default(0),
      medium: z.number().int().min(0).max(500).default(0),
      hard: z.number().int().min(0).max(500).default(0),
    }),
  })
  .refine((r) => r.mix.easy + r.mix.medium + r.mix.hard > 0, {
    path: ['mix'],
    message: 'Ask for at least one question',
  });
export type SectionRule = z.infer<typeof sectionRuleSchema>;

/** A rule as answered (plain types: answers are encoded through their schema, and the input's transforms only go one way). */
export const storedSectionRuleSchema = z.object({
  subjectId: z.number().int().nullable(),
  chapterId: z.number().int().nullable(),
  topicId: z.number().int().nullable(),
  type: questionTypeSchema.nullable(),
  tag: z.string().nullable(),
  mix: z.object({ easy: z.number().int(), medium: z.number().int(), hard: z.number().int() }),
});

const minutes = (max: number) =>
  z.number().int().min(1, 'At least 1 minute').max(max, `At most ${max} minutes`);

/**
 * What every kind can set on its header, as an edit sends it: each key
 * optional and, when absent, left as it is (no defaults here: a default
 * would overwrite a setting the edit did not mention).
 */
export const assessmentSettingsEdit = z
  .object({
    name: textSchema({ min: 1, max: 200 }),
    durationMinutes: minutes(1440).nullable(),
    defaultMarks: marksSchema.nullable(),
    defaultNegativeMarks: marksSchema.nullable(),
    unansweredMarks: marksSchema,
    partialCredit: partialCreditSchema,
    /** Null: a practice shows the global default instructions. */
    instructions: richTextSchema.nullable(),
    attemptsAllowed: z.number().int().min(1).max(100).nullable(),
    shuffleQuestions: z.boolean(),
    shuffleOptions: z.boolean(),
    availableFrom: z.iso.datetime({ offset: true }).nullable(),
    availableTo: z.iso.datetime({ offset: true }).nullable(),
    /** Percent of the attempt's marks; null: no pass mark (assessment-options.ts). */
    cutoffPercent: cutoffPercentSchema.nullable(),
    gradeBands: gradeBandsSchema,
    showAnswers: reviewModeSchema,
  })
  .partial();

/** The settings at creation: the name, and the defaults of everything else. */
export const assessmentSettingsSchema = z.object({
  name: textSchema({ min: 1, max: 200 }),
  durationMinutes: assessmentSettingsEdit.shape.durationMinutes.unwrap().default(null),
  defaultMarks: assessmentSettingsEdit.shape.defaultMarks.unwrap().default(null),
  defaultNegativeMarks: assessmentSettingsEdit.shape.defaultNegativeMarks.unwrap().default(null),
  unansweredMarks: marksSchema.default(0),
  partialCredit: partialCreditSchema.default('all_or_nothing'),
  instructions: assessmentSettingsEdit.shape.instructions.unwrap().default(null),
  attemptsAllowed: assessmentSettingsEdit.shape.attemptsAllowed.unwrap().default(null),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  availableFrom: assessmentSettingsEdit.shape.availableFrom.unwrap().default(null),
  availableTo: assessmentSettingsEdit.shape.availableTo.unwrap().default(null),
  cutoffPercent: cutoffPercentSchema.nullable().default(null),
  gradeBands: gradeBandsSchema.default([]),
  showAnswers: reviewModeSchema.default('after_submit'),
});
export type AssessmentSettings = z.infer<typeof assessmentSettingsSchema>;

/** Cross-field rules of the settings, shared by create and edit. */
export function settingsProblems(s: Partial<AssessmentSettings>) {
  const problems: { path: string[]; message: string }[] = [];
  if (
    s.defaultMarks != null &&
    s.defaultNegativeMarks != null &&
    s.defaultNegativeMarks > s.defaultMarks
  )
    problems.push({
      path: ['defaultNegativeMarks'],
      message: 'Negative marks cannot be more than the marks',
    });
  if (s.availableFrom && s.availableTo && Date.parse(s.availableFrom) >= Date.parse(s.availableTo))
    problems.push({ path: ['availableTo'], message: 'The window must end after it starts' });
  if (s.showAnswers === 'after_close' && s.availableTo === null)
    problems.push({
      path: ['showAnswers'],
      message:
        'Answers shown after the assessment closes need an end to its window (Available until)',
    });
  return problems;
}

/** Derived from the active items when read, never typed in. */
export const assessmentTotalsSchema = z.object({
  questions: z.number().int(),
  marks: z.number(),
  /** The duration, or the sections' time limits summed when there is none. */
  minutes: z.number().int().nullable(),
});

export const assessmentSchema = z.object({
  id: z.number().int(),
  kind: assessmentKindSchema,
  name: z.string(),
  status: assessmentStatusSchema,
  bookId: z.number().int().nullable(),
  tocNodeId: z.number().int().nullable(),
  testCategoryId: z.number().int().nullable(),
  gradeId: z.number().int().nullable(),
  subjectId: z.number().int().nullable(),
  videoId: z.number().int().nullable(),
  durationMinutes: z.number().int().nullable(),
  defaultMarks: z.number().nullable(),
  defaultNegativeMarks: z.number().nullable(),
  unansweredMarks: z.number(),
  partialCredit: partialCreditSchema,
  instructions: z.string().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  availableFrom: timestampSchema.nullable(),
  availableTo: timestampSchema.nullable(),
  cutoffPercent: z.number().int().nullable(),
  gradeBands: z.array(storedGradeBandSchema),
  showAnswers: reviewModeSchema,
  clonedFromId: z.number().int().nullable(),
  totals: assessmentTotalsSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentSectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  instructions: z.string().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  tocNodeId: z.number().int().nullable(),
  chapterId: z.number().int().nullable(),
  rule: storedSectionRuleSchema.nullable(),
});
export type AssessmentSection = z.infer<typeof assessmentSectionSchema>;

/** The bank question an item refers to, as the builder and the preview show it. */
export const itemQuestionSchema = questionSchema.pick({
  id: true,
  type: true,
  stem: true,
  options: true,
  blanks: true,
  numeric: true,
  matching: true,
  ordering: true,
  cloze: true,
  modelAnswer: true,
  explanation: true,
  difficulty: true,
  marks: true,
  negativeMarks: true,
  status: true,
});

export const assessmentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['question', 'instruction']),
  sectionId: z.number().int().nullable(),
  position: z.number().int(),
  questionId: z.number().int().nullable(),
  instruction: z.string().nullable(),
  marks: z.number().nullable(),
  negativeMarks: z.number().nullable(),
  active: z.boolean(),
  /** A video quiz's moment, in seconds to 0.1 s. */
  atSeconds: z.number().nullable(),
  question: itemQuestionSchema.nullable(),
});
export type AssessmentItem = z.infer<typeof assessmentItemSchema>;

/** The whole assessment for the builder and the preview: header, sections, items in order. */
export const assessmentDetailSchema = assessmentSchema.extend({
  sections: z.array(assessmentSectionSchema),
  items: z.array(assessmentItemSchema),
});
export type AssessmentDetail = z.infer<typeof assessmentDetailSchema>;

/** A row of an assessment list. */
export const assessmentRowSchema = assessmentSchema;

/** A moment in a video, to a tenth of a second. */
export const momentSchema = z
  .number()
  .min(0, 'A moment cannot be negative')
  .max(86_400)
  .refine((s) => Number.isInteger(Math.round(s * 10 * 1e6) / 1e6), 'Moments go to 0.1 s');

export const itemMarksSchema = z
  .object({ marks: marksSchema, negativeMarks: marksSchema.default(0) })
  .refine((m) => m.negativeMarks <= m.marks, {
    path: ['negativeMarks'],
    message: 'Negative marks cannot be more than the marks',
  });
