import { z } from 'zod';
import {
  booleanQuery,
  idParam,
  idSchema,
  integerParam,
  listQuery,
  paginated,
  textSchema,
} from './common.ts';
import { importChangesShape, importReportSchema } from './imports.ts';
import {
  difficultySchema,
  nearDuplicateSchema,
  questionFieldsSchema,
  questionInputSchema,
  questionLanguageSchema,
  questionProblems,
  questionRowSchema,
  questionSchema,
  questionSourceSchema,
  questionStatusSchema,
  questionTypeSchema,
  tagSchema,
} from './questions.ts';

/**
 * The question bank's requests and answers (queries, bodies, responses);
 * questions-routes.ts binds them to routes and exports them too.
 */

export const QUESTION_SORTS = ['updatedAt', 'createdAt', 'difficulty', 'type', 'marks'] as const;

/** A date as YYYY-MM-DD (a whole day in UTC). */
const dayParam = z.iso.date('Use a date like 2026-01-31');

/** The filters of the question list, its export and the assessment builder's picker. */
export const questionFilters = z.object({
  gradeId: idParam.optional(),
  subjectId: idParam.optional(),
  chapterId: idParam.optional(),
  topicId: idParam.optional(),
  type: questionTypeSchema.optional(),
  difficulty: difficultySchema.optional(),
  status: questionStatusSchema.optional(),
  tag: tagSchema.optional(),
  language: questionLanguageSchema.optional(),
  source: questionSourceSchema.optional(),
  createdBy: idParam.optional(),
  createdFrom: dayParam.optional(),
  createdTo: dayParam.optional(),
  /** Questions not yet used by this assessment (the builder's "add questions" picker). */
  notInAssessment: idParam.optional(),
});

/**
 * `q` searches stem, options and explanation: every word of it must start a
 * word of the question ("photo leaf" finds "photosynthesis in a leaf"), in
 * any script. Sorted by last
 * update, newest first, unless `sort` says otherwise.
 */
export const questionListQuery = listQuery(QUESTION_SORTS).extend(questionFilters.shape);
export type QuestionListQuery = z.input<typeof questionListQuery>;

/**
 * A page of questions. `total` is exact below a threshold; above it, it is
 * the planner's estimate and `totalIsEstimate` is true (show "about 1.2
 * million"), so a page never waits on counting a million rows.
 */
export const questionPageSchema = paginated(questionRowSchema).extend({
  totalIsEstimate: z.boolean(),
});

/**
 * xlsx: the import template's columns; moodle: Moodle XML; gift: GIFT
 * text; qti: a QTI 3.0
 * content package (ZIP); quml: Sunbird QuML 1.1 JSON (docs/domain.md,
 * Questions: formats, says what each carries).
 */
export const QUESTION_EXPORT_FORMATS = ['xlsx', 'moodle', 'gift', 'qti', 'quml'] as const;

/**
 * A QTI or QuML export holding questions the format does not carry is
 * refused (422 questions_not_carried, each named) unless the request says
 * `leaveOut=uncarried`: then they are left out and the package says which
 * (docs/questions.md, Formats).
 */
export const exportLeaveOut = z.enum(['uncarried']).optional();

export const questionExportQuery = questionListQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(QUESTION_EXPORT_FORMATS).default('xlsx'), leaveOut: exportLeaveOut });

const idList = (noun: string) =>
  z
    .array(idSchema)
    .min(1, `Choose at least one ${noun}`)
    .max(1000, `At most 1000 ${noun}s at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once');

export const addQuestionsBody = z.object({
  questions: z.array(questionInputSchema).min(1, 'Give at least one question').max(100),
});
export const addQuestionsResponse = z.object({
  items: z.array(questionSchema),
  /** Per added question (same order): similar questions already in the bank. */
  nearDuplicates: z.array(z.array(nearDuplicateSchema)),
});

export const editQuestionBody = questionFieldsSchema
  .extend({
    id: idSchema,
    /** The revision the edit started from: 409 when someone saved in between. */
    revision: z.number().int().min(1),
  })
  .superRefine((q, ctx) => {
    for (const p of questionProblems(q))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export const editQuestionResponse = z.object({
  question: questionSchema,
  nearDuplicates: z.array(nearDuplicateSchema),
});

export const changeQuestionStatusBody = z.object({
  ids: idList('question'),
  status: questionStatusSchema,
});
export const deleteQuestionsBody = z.object({ ids: idList('question') });

/** The duplicate check as the editor types: the stem, options and key so far. */
export const checkDuplicatesBody = z.object({
  question: questionFieldsSchema,
  /** The question being edited, left out of its own matches. */
  exceptId: idSchema.optional(),
});
export const checkDuplicatesResponse = z.object({
  /** A question with the same normalised stem, options and key: saving would be refused. */
  exact: z.object({ id: z.number().int() }).nullable(),
  near: z.array(nearDuplicateSchema),
});

export const restoreRevisionBody = z.object({
  id: idSchema,
  /** The revision to bring back; it is saved as a new revision. */
  revision: z.number().int().min(1),
  /** The question's current revision, as for an edit. */
  currentRevision: z.number().int().min(1),
});

export const QUESTION_IMPORT_FORMATS = ['xlsx', 'zip', 'moodle', 'gift', 'aiken', 'qti'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
/**
 * `dryRun` (the default) only reports; `dryRun=false` imports every question
 * or none, unless `validOnly=true`: then the questions without a problem are
 * imported and the refused ones come back as `refusedFile`. `format` is told
 * from the file when absent.
 */
export const questionImportQuery = z.object({
  dryRun: booleanQuery.default(true),
  validOnly: booleanQuery.default(false),
  format: z.enum(QUESTION_IMPORT_FORMATS).optional(),
});
export const questionImportResponse = importReportSchema.extend({
  /**
   * Questions read that are not valid (rows − valid): refused by a problem,
   * or skipped on purpose (a type the bank lacks, named in `warnings`).
   */
  refused: z.number().int(),
  /**
   * Rows that create (a dry run) or created questions; rows with the
   * export's ID update theirs (`updated`, every change in `changes`) or
   * change nothing (`unchanged`).
   */
  ...importChangesShape,
  /** Questions already in the bank (same stem, options and key), by row: refused. */
  duplicates: z.number().int(),
  /** Near duplicates found, by row: warnings only. */
  warnings: z.array(z.object({ row: z.number().int(), message: z.string() })),
  /**
   * After a commit with `validOnly`: the refused questions in the format of
   * the upload (a ZIP's as its workbook), each with a comment saying what is
   * wrong, ready to fix and import again; null when none was refused.
   */
  refusedFile: z
    .object({ fileName: z.string(), contentType: z.string(), base64: z.string() })
    .nullable()
    .optional(),
});
export type QuestionImportResponse = z.infer<typeof questionImportResponse>;

export const questionImageQuery = z.object({
  key: textSchema({ max: 80 }).regex(/^[a-z0-9-]+\.(png|jpg|webp|gif)$/, 'Not an image key'),
});

export const tagListQuery = z.object({
  q: textSchema({ max: 40 }).optional(),
  limit: integerParam(z.number().int().min(1).max(50)).default(20),
});
