import { z } from 'zod';
import { bookFilters, editBookBody } from './books.ts';
import { idParam, idSchema, textSchema } from './common.ts';
import { learnerFilters } from './learners.ts';
import { editMediaBody, folderSchema, mediaFilters, mediaKindSchema } from './media.ts';
import { QR_TARGET_KINDS } from './qr-codes.ts';
import { marksSchema, questionFieldsSchema, tagSchema } from './questions.ts';
import { questionFilters } from './questions-requests.ts';

/**
 * What a bulk edit of each kind may set, and which rows it takes
 * (docs/bulk-edits.md). Each field reuses the single edit's schema, so a
 * value refused one at a time is refused in bulk with the same words.
 */

/** Rows one selection by id may name (a few pages picked by hand); more is "all that match". */
export const BULK_EDIT_IDS_MAX = 1000;

const selectedIds = z
  .array(idSchema)
  .min(1, 'Choose at least one row')
  .max(BULK_EDIT_IDS_MAX, `At most ${BULK_EDIT_IDS_MAX} rows by hand; use "all that match"`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once');

/** Rows by id, or every row the list's search and filters match when the job runs. */
function selection<F extends z.ZodObject>(filter: F) {
  return z.union(
    [
      z.object({ ids: selectedIds }).strict(),
      z.object({ filter: filter.extend({ q: textSchema({ max: 200 }).optional() }) }).strict(),
    ],
    // Said when the value is neither shape (or both): a wrong id or filter is
    // named by its own field's words.
    {
      error:
        'Choose the rows either by id ("ids") or as all that match a filter ("filter"), not both',
    },
  );
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

/**
 * Where the codes point: each at its own book, at one TOC node of their
 * book, or at one video. Every code keeps the book it is printed in.
 */
export const qrBulkTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(QR_TARGET_KINDS[0]) }).strict(),
  z.object({ kind: z.literal(QR_TARGET_KINDS[1]), id: idSchema }).strict(),
  z.object({ kind: z.literal(QR_TARGET_KINDS[2]), id: idSchema }).strict(),
]);
export type QrBulkTarget = z.infer<typeof qrBulkTargetSchema>;

/** Printed codes: enabled or disabled (a disabled code's scans show a friendly page), retargeted. */
export const qrCodeBulkSet = z
  .object({ enabled: z.boolean().optional(), target: qrBulkTargetSchema.optional() })
  .strict()
  .refine(atLeastOne, NOTHING_SET);
export type QrCodeBulkSet = z.infer<typeof qrCodeBulkSet>;

const m = editMediaBody.shape;
/** Videos and audios: their curriculum tags (null clears a level) and their folder. */
export const mediaBulkSet = z
  .object({
    gradeId: m.gradeId,
    subjectId: m.subjectId,
    chapterId: m.chapterId,
    topicId: m.topicId,
    folder: folderSchema.optional(),
  })
  .strict()
  .refine(atLeastOne, NOTHING_SET);
export type MediaBulkSet = z.infer<typeof mediaBulkSet>;

/**
 * Learners blocked or unblocked. A block set here holds against the learner
 * app's profile events until the back-office lifts it; an unblock makes a
 * blocked learner active and gives the status back to the app.
 */
export const learnerBulkSet = z.object({ blocked: z.boolean() }).strict();
export type LearnerBulkSet = z.infer<typeof learnerBulkSet>;

export const questionBulkEditBody = z.object({
  selection: selection(questionFilters),
  set: questionBulkSet,
});
export const bookBulkEditBody = z.object({ selection: selection(bookFilters), set: bookBulkSet });

export const qrCodeBulkEditBody = z.object({
  selection: selection(z.object({ bookId: idParam })),
  set: qrCodeBulkSet,
});

/** "All that match" is within one kind: the videos list or the audios list. */
export const mediaBulkEditBody = z.object({
  selection: selection(mediaFilters.extend({ kind: mediaKindSchema })),
  set: mediaBulkSet,
});

export const learnerBulkEditBody = z.object({
  selection: selection(learnerFilters),
  set: learnerBulkSet,
});
