import { z } from 'zod';
import { booleanQuery, idParam, idSchema, nameSchema } from './common.ts';
import { importChangesShape, importReportSchema } from './imports.ts';

/**
 * Curriculum masters (docs/domain.md, Curriculum): grade > subject > chapter >
 * topic. Grades are a seeded, fixed list; the other levels are edited here.
 * Lists are small and answered whole, in position order, as `{ items }`.
 */

export const gradeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  subjectCount: z.number().int(),
});
export type Grade = z.infer<typeof gradeSchema>;

export const subjectSchema = z.object({
  id: z.number().int(),
  gradeId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  chapterCount: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const chapterSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  topicCount: z.number().int(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const topicSchema = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

const _items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const chapterNumberSchema = z.number().int().min(1).max(9999);

export const subjectsQuery = z.object({ gradeId: idParam });
export const chaptersQuery = z.object({ subjectId: idParam });
export const topicsQuery = z.object({ chapterId: idParam });

export const addSubjectBody = z.object({ gradeId: idSchema, name: nameSchema });
export const addChapterBody = z.object({
  subjectId: idSchema,
  name: nameSchema,
  /** Defaults to one more than the subject's highest chapter number. */
  number: chapterNumberSchema.optional(),
});
export const addTopicBody = z.object({ chapterId: idSchema, name: nameSchema });

export const editNameBody = z.object({ id: idSchema, name: nameSchema });
export const editChapterBody = z
  .object({ id: idSchema, name: nameSchema.optional(), number: chapterNumberSchema.optional() })
  .refine((b) => b.name !== undefined || b.number !== undefined, {
    message: 'Give a name or a number',
    path: ['name'],
  });

/** The complete list of a parent's children, in their new order. */
export const reorderBody = z.object({
  parentId: idSchema,
  ids: z
    .array(idSchema)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once'),
});
export type ReorderBody = z.input<typeof reorderBody>;

/**
 * The masters upload: one sheet, one row per topic (or a row with the lower
 * levels blank for a subject or chapter alone). Headers are matched ignoring
 * case and spaces; names are matched case-insensitively under their parent.
 */
export const CURRICULUM_SHEET_HEADERS = [
  'Grade',
  'Subject',
  'Chapter No',
  'Chapter',
  'Topic',
] as const;
export const uploadCurriculumQuery = z.object({ dryRun: booleanQuery.default(true) });
export type UploadCurriculumQuery = z.input<typeof uploadCurriculumQuery>;

const levelCounts = z.object({
  subjects: z.number().int(),
  chapters: z.number().int(),
  topics: z.number().int(),
});
export const uploadCurriculumResponse = importReportSchema.extend({
  /** New masters (a dry run: what the commit would create). */
  created: levelCounts,
  /** Masters the sheet names that already exist: matched, left as they are. */
  existing: levelCounts,
});
export type UploadCurriculumResponse = z.infer<typeof uploadCurriculumResponse>;

/**
 * The curriculum workbook sent back: a row with an ID updates that subject,
 * chapter or topic (renamed, renumbered, moved), a row without one creates;
 * counts and every changed cell ("Chapters › Chapter": Numbers → Number sense).
 */
export const uploadCurriculumWorkbookResponse = importReportSchema.extend(importChangesShape);
export type UploadCurriculumWorkbookResponse = z.infer<typeof uploadCurriculumWorkbookResponse>;
