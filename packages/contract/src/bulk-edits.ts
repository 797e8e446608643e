import { z } from 'zod';
import type { ModuleKey } from './access.ts';
import { bookFilters, editBookBody } from './books.ts';
import { errorDetailSchema, idParam, idSchema, textSchema, timestampSchema } from './common.ts';
import { marksSchema, questionFieldsSchema, tagSchema } from './questions.ts';
import { questionFilters } from './questions-requests.ts';
import { defineRoutes } from './route.ts';

/**
 * Bulk edit (docs/bulk-edits.md): set fields of many rows of one kind at
 * once, chosen by id or as "all that match this filter" of the kind's list,
 * run as a job and undoable as a whole for a day. Each kind's settable
 * fields reuse the single edit's field schemas.
 */
export const BULK_EDIT_KINDS = ['questions', 'books', 'qr_codes'] as const;
export type BulkEditKind = (typeof BULK_EDIT_KINDS)[number];

/** The module that opens each kind: starting, following and undoing its bulk edits. */
export const BULK_EDIT_MODULES = {
  questions: 'questions',
  books: 'books',
  qr_codes: 'qr_codes',
} as const satisfies Record<BulkEditKind, ModuleKey>;

/** Rows one selection by id may name (a few pages picked by hand); more is "all that match". */
export const BULK_EDIT_IDS_MAX = 1000;
/** How long a bulk edit can be undone. */
export const BULK_EDIT_UNDO_HOURS = 24;

const selectedIds = z
  .array(idSchema)
  .min(1, 'Choose at least one row')
  .max(BULK_EDIT_IDS_MAX, `At most ${BULK_EDIT_IDS_MAX} rows by hand; use "all that match"`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once');

/** Rows by id, or every row the list's search and filters match when the job runs. */
function selection<F extends z.ZodObject>(filter: F) {
  return z.union([
    z.object({ ids: selectedIds }).strict(),
    z.object({ filter: filter.extend({ q: textSchema({ max: 200 }).optional() }) }).strict(),
  ]);
}

/** A field of a single edit's schema, without its default: absent means "leave as is". */
const settable = <T extends z.ZodType>(field: { unwrap(): T }) => field.unwrap().optional();

const atLeastOne = (set: Record<string, unknown>) =>
  Object.values(set).some((v) => v !== undefined);
const NOTHING_SET = 'Choose at least one field to set';

const q = questionFieldsSchema.shape;
export const questionBulkSet = z
  .object({
    gradeId: settable(q.gradeId),
    subjectId: settable(q.subjectId),
    chapterId: settable(q.chapterId),
    topicId: settable(q.topicId),
    difficulty: settable(q.difficulty),
    marks: marksSchema.refine((n) => n > 0, 'Marks must be more than 0').optional(),
    negativeMarks: marksSchema.optional(),
    language: settable(q.language),
    status: settable(q.status),
    /** Tags added to each question (kept once) and tags taken off. */
    addTags: z.array(tagSchema).max(20, 'At most 20 tags').optional(),
    removeTags: z.array(tagSchema).max(20, 'At most 20 tags').optional(),
  })
  .strict()
  .refine(atLeastOne, NOTHING_SET);
export type QuestionBulkSet = z.infer<typeof questionBulkSet>;

const b = editBookBody.shape;
export const bookBulkSet = z
  .object({ gradeId: b.gradeId, subjectId: b.subjectId, status: b.status })
  .strict()
  .refine(atLeastOne, NOTHING_SET);
export type BookBulkSet = z.infer<typeof bookBulkSet>;

/** A book's printed codes: enabled or disabled (a disabled code's scans show a friendly page). */
export const qrCodeBulkSet = z.object({ enabled: z.boolean() }).strict();
export type QrCodeBulkSet = z.infer<typeof qrCodeBulkSet>;

export const questionBulkEditBody = z.object({
  selection: selection(questionFilters),
  set: questionBulkSet,
});
export const bookBulkEditBody = z.object({ selection: selection(bookFilters), set: bookBulkSet });

export const qrCodeBulkEditBody = z.object({
  selection: selection(z.object({ bookId: idParam })),
  set: qrCodeBulkSet,
});

export const BULK_EDIT_STATES = [
  'queued',
  'running',
  'done',
  'refused',
  'failed',
  'undoing',
  'undone',
] as const;

/** A row refused or left alone, and why, in words: "question 12: Negative marks cannot be more than the marks". */
export const bulkEditRowNote = errorDetailSchema;

export const bulkEditSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_EDIT_KINDS),
  state: z.enum(BULK_EDIT_STATES),
  /** The one line that names it: "412 questions re-filed by Asha at 10:42". */
  summary: z.string(),
  set: z.record(z.string(), z.unknown()),
  jobId: z.string().nullable(),
  undoJobId: z.string().nullable(),
  /** Rows the selection held when the job ran; rows actually changed. */
  matched: z.number().int(),
  changed: z.number().int(),
  /** Every row refused (at most 1000 listed; `refusedCount` counts them all). */
  refused: z.array(bulkEditRowNote),
  refusedCount: z.number().int(),
  /** After an undo: rows put back, and rows left as they were (edited since, deleted). */
  restored: z.number().int(),
  leftAlone: z.array(bulkEditRowNote),
  leftAloneCount: z.number().int(),
  byAdminId: z.number().int().nullable(),
  byName: z.string().nullable(),
  createdAt: timestampSchema,
  doneAt: timestampSchema.nullable(),
  /** Until when Undo is offered; null once it is not (refused, undone, or never done). */
  undoableUntil: timestampSchema.nullable(),
});
export type BulkEdit = z.infer<typeof bulkEditSchema>;

const common = { tag: 'bulk-edits', audit: 'self' } as const;
const anyKindModule = Object.values(BULK_EDIT_MODULES) as [ModuleKey, ...ModuleKey[]];

export const bulkEditRoutes = defineRoutes({
  bulkEditQuestions: {
    ...common,
    method: 'POST',
    path: '/bulk-edits/questions',
    access: 'questions',
    summary:
      'Set fields of many questions (by id, or all that match the list filter) as a job; every row is checked first, all or none',
    body: questionBulkEditBody,
    response: bulkEditSchema,
  },
  bulkEditBooks: {
    ...common,
    method: 'POST',
    path: '/bulk-edits/books',
    access: 'books',
    summary:
      'Set grade, subject or status of many books (by id, or all that match the list filter) as a job; all or none',
    body: bookBulkEditBody,
    response: bulkEditSchema,
  },
  bulkEditQrCodes: {
    ...common,
    method: 'POST',
    path: '/bulk-edits/qr-codes',
    access: 'qr_codes',
    summary:
      "Enable or disable many printed codes (by id, or all of a book's codes) as a job; undoable for a day",
    body: qrCodeBulkEditBody,
    response: bulkEditSchema,
  },
  getBulkEdit: {
    method: 'GET',
    path: '/bulk-edits/status',
    tag: 'bulk-edits',
    // Each bulk edit is shown to holders of its kind's module only (404 otherwise).
    access: anyKindModule,
    summary: 'One bulk edit: its state, refused rows, and what its undo left alone',
    query: z.object({ id: idParam }),
    response: bulkEditSchema,
  },
  undoBulkEdit: {
    ...common,
    refuses: ['bulk_edit_not_undoable'],
    method: 'POST',
    path: '/bulk-edits/undo',
    access: anyKindModule,
    summary:
      'Undo a bulk edit as a whole, within a day, as a job: rows edited since are left as they are and named',
    body: z.object({ id: idSchema }),
    response: bulkEditSchema,
  },
});
