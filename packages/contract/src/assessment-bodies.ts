import { z } from 'zod';
import {
  assessmentRowSchema,
  assessmentSectionSchema,
  assessmentSettingsEdit,
  type assessmentSettingsSchema,
  assessmentStatusSchema,
  itemMarksSchema,
  momentSchema,
  sectionRuleSchema,
  settingsProblems,
} from './assessments.ts';
import { idParam, idSchema, listQuery, paginated, textSchema } from './common.ts';
import { marksSchema, richTextSchema } from './questions.ts';
import { exportLeaveOut } from './questions-requests.ts';

/**
 * The bodies every kind's routes share: the four kinds' paths differ, what
 * they carry does not (docs/assessments.md). `id` is always the assessment;
 * `itemId` one of its items.
 */
const assessmentId = { id: idSchema };

/** Adds each cross-field rule of the settings as an issue on its field. */
export function withSettingsRules<
  T extends z.ZodType<Partial<z.infer<typeof assessmentSettingsSchema>>>,
>(schema: T) {
  return schema.superRefine((s, ctx) => {
    for (const p of settingsProblems(s)) ctx.addIssue({ code: 'custom', ...p });
  });
}

const uniqueIds = (ids: number[]) => new Set(ids).size === ids.length;

const idList = (noun: string, max: number) =>
  z
    .array(idSchema)
    .min(1, `Choose at least one ${noun}`)
    .max(max, `At most ${max} ${noun}s at once`)
    .refine(uniqueIds, 'Each id may appear once');

export const assessmentIdQuery = z.object({ id: idParam });
/** An assessment as content that travels: a QTI 3.0 package or QuML 1.1 JSON. */
export const ASSESSMENT_EXPORT_FORMATS = ['qti', 'quml'] as const;
export const assessmentExportQuery = assessmentIdQuery.extend({
  format: z.enum(ASSESSMENT_EXPORT_FORMATS).default('qti'),
  leaveOut: exportLeaveOut,
});
export const assessmentIdBody = z.object(assessmentId);

/** Every setting may be changed alone; status goes through the activation checklist. */
export const editSettingsFields = assessmentSettingsEdit.extend({
  ...assessmentId,
  status: assessmentStatusSchema.optional(),
});
export const editSettingsBody = withSettingsRules(editSettingsFields);

/**
 * The sections of an assessment as the builder edits them, in order: one
 * with an `id` is kept (and changed), one without is new, and a section left
 * out is removed, its items staying in the assessment outside any section.
 */
export const sectionInputSchema = z.object({
  id: idSchema.optional(),
  name: textSchema({ min: 1, max: 200 }),
  instructions: richTextSchema.nullable().default(null),
  timeLimitMinutes: z
    .number()
    .int()
    .min(1, 'At least 1 minute')
    .max(1440, 'At most 1440 minutes')
    .nullable()
    .default(null),
  chapterId: idSchema.nullable().default(null),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;
export const sectionsInput = z
  .array(sectionInputSchema)
  .max(50, 'At most 50 sections')
  .refine((list) => {
    const ids = list.flatMap((s) => (s.id ? [s.id] : []));
    return new Set(ids).size === ids.length;
  }, 'Each section may appear once');

/** Adds one section at the end (a diagnostic test's section is for one chapter). */
export const addSectionBody = sectionInputSchema.omit({ id: true }).extend(assessmentId);
/** Changes one section; absent keys are left as they are. */
export const editSectionBody = z.object({
  ...assessmentId,
  sectionId: idSchema,
  name: sectionInputSchema.shape.name.optional(),
  instructions: richTextSchema.nullable().optional(),
  timeLimitMinutes: sectionInputSchema.shape.timeLimitMinutes.unwrap().optional(),
});
/** A section with what is in it: its active questions and their marks. */
export const sectionSummarySchema = assessmentSectionSchema.extend({
  questions: z.number().int(),
  marks: z.number(),
});
export const sectionListSchema = z.object({ items: z.array(sectionSummarySchema) });

/** Fills a section from the bank by a rule (kept on the section to show and run again). */
export const fillSectionBody = z.object({
  ...assessmentId,
  sectionId: idSchema,
  rule: sectionRuleSchema,
});
export const fillSectionResponse = z.object({
  added: z.number().int(),
  /** Per difficulty, how many the bank lacked (0 when it had enough). */
  short: z.object({ easy: z.number().int(), medium: z.number().int(), hard: z.number().int() }),
});

export const renameBody = z.object({ ...assessmentId, name: textSchema({ min: 1, max: 200 }) });

export const changeStatusBody = z.object({ ...assessmentId, status: assessmentStatusSchema });

export const defaultMarksBody = z
  .object({
    ...assessmentId,
    defaultMarks: marksSchema,
    defaultNegativeMarks: marksSchema,
  })
  .refine((b) => b.defaultNegativeMarks <= b.defaultMarks, {
    path: ['defaultNegativeMarks'],
    message: 'Negative marks cannot be more than the marks',
  });

/** Add bank questions; each question once per assessment (those already in are reported). */
export const mapQuestionsBody = z.object({
  ...assessmentId,
  questionIds: idList('question', 500),
  /** The section to add them to (its end); none: the end of the assessment. */
  sectionId: idSchema.nullable().default(null),
  /** A video quiz's moment for the (single) question added. */
  atSeconds: momentSchema.nullable().default(null),
});
export const mapQuestionsResponse = z.object({
  added: z.number().int(),
  /** Questions that were in the assessment already: left where they were. */
  alreadyIn: z.array(z.number().int()),
});

export const addInstructionBody = z.object({
  ...assessmentId,
  html: richTextSchema.pipe(z.string().min(1, 'Required')),
  sectionId: idSchema.nullable().default(null),
  atSeconds: momentSchema.nullable().default(null),
});

const itemRef = { ...assessmentId, itemId: idSchema };

export const itemMarksBody = itemMarksSchema.and(z.object(itemRef));
/**
 * One set of marks for every question item of the assessment, or, with
 * `itemIds`, for those items only (the builder's "Set marks" on a selection).
 */
export const allMarksBody = itemMarksSchema.and(
  z.object({ ...assessmentId, itemIds: idList('item', 5000).optional() }),
);
/** One bank question at a moment of the video (the player's "add a question here"). */
export const addQuestionAtBody = z.object({
  ...assessmentId,
  questionId: idSchema,
  atSeconds: momentSchema,
});
export const itemActiveBody = z.object({ ...itemRef, active: z.boolean() });
export const itemMomentBody = z.object({ ...itemRef, atSeconds: momentSchema });

export const removeItemsBody = z.object({ ...assessmentId, itemIds: idList('item', 1000) });

/**
 * The builder's order, saved at once: every item id in the new order (none
 * when the assessment has no item); optionally every section id in the new
 * order (left out: sections keep theirs), and items that change section
 * (`moves`: each to one of the assessment's sections, or to none).
 */
export const reorderItemsBody = z.object({
  ...assessmentId,
  itemIds: z
    .array(idSchema)
    .max(5000, 'At most 5000 items at once')
    .refine(uniqueIds, 'Each id may appear once'),
  sectionIds: z
    .array(idSchema)
    .max(50, 'At most 50 sections')
    .refine(uniqueIds, 'Each id may appear once')
    .optional(),
  moves: z
    .array(z.object({ itemId: idSchema, sectionId: idSchema.nullable() }))
    .max(5000, 'At most 5000 items at once')
    .refine((m) => uniqueIds(m.map((x) => x.itemId)), 'Each item may move once')
    .optional(),
});

export const generalInstructionsSchema = z.object({ html: z.string() });
export const generalInstructionsBody = z.object({ html: richTextSchema });

export const ASSESSMENT_SORTS = ['updatedAt', 'createdAt', 'name'] as const;
export const assessmentListFilters = z.object({
  status: assessmentStatusSchema.optional(),
  bookId: idParam.optional(),
  tocNodeId: idParam.optional(),
  testCategoryId: idParam.optional(),
  gradeId: idParam.optional(),
  subjectId: idParam.optional(),
  videoId: idParam.optional(),
});
export const assessmentListQuery = listQuery(ASSESSMENT_SORTS).extend(assessmentListFilters.shape);
export type AssessmentListQuery = z.input<typeof assessmentListQuery>;
export const assessmentPageSchema = paginated(assessmentRowSchema);
