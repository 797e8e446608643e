import { z } from 'zod';
import type { ModuleKey } from './access.ts';
import {
  bookBulkEditBody,
  learnerBulkEditBody,
  mediaBulkEditBody,
  qrCodeBulkEditBody,
  questionBulkEditBody,
} from './bulk-edit-sets.ts';
import { errorDetailSchema, idParam, idSchema, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Bulk edit (docs/bulk-edits.md): set fields of many rows of one kind at
 * once, chosen by id or as "all that match this filter" of the kind's list,
 * run as a job and undoable as a whole for a day. Each kind's settable
 * fields reuse the single edit's field schemas.
 */
export const BULK_EDIT_KINDS = ['questions', 'books', 'qr_codes', 'media', 'learners'] as const;
export type BulkEditKind = (typeof BULK_EDIT_KINDS)[number];

/** The module that opens each kind: starting, following and undoing its bulk edits. */
export const BULK_EDIT_MODULES = {
  questions: 'questions',
  books: 'books',
  qr_codes: 'qr_codes',
  media: 'media',
  learners: 'learners',
} as const satisfies Record<BulkEditKind, ModuleKey>;

/** How long a bulk edit can be undone. */
export const BULK_EDIT_UNDO_HOURS = 24;

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
      "Enable, disable or retarget many printed codes (by id, or all of a book's codes) as a job; each code is checked by the retarget rules, all or none",
    body: qrCodeBulkEditBody,
    response: bulkEditSchema,
  },
  bulkEditMedia: {
    ...common,
    method: 'POST',
    path: '/bulk-edits/media',
    access: 'media',
    summary:
      'Set the curriculum tags or the folder of many videos or audios (by id, or all that match the list filter) as a job; all or none',
    body: mediaBulkEditBody,
    response: bulkEditSchema,
  },
  bulkEditLearners: {
    ...common,
    method: 'POST',
    path: '/bulk-edits/learners',
    access: 'learners',
    summary:
      'Block or unblock many learners (by id, or all that match the list filter) as a job; a block holds against the app until lifted here',
    body: learnerBulkEditBody,
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
