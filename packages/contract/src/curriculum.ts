import { z } from 'zod';
import { importErrorSchema } from './books.ts';
import { booleanQuery, idBody, idSchema, nameSchema, okSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Curriculum masters (DOMAIN.md, Curriculum): grade > subject > chapter >
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

const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const chapterNumberSchema = z.coerce.number().int().min(1).max(9999);

export const subjectsQuery = z.object({ gradeId: idSchema });
export const chaptersQuery = z.object({ subjectId: idSchema });
export const topicsQuery = z.object({ chapterId: idSchema });

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
export const uploadCurriculumResponse = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importErrorSchema),
  /** False for a dry run. */
  committed: z.boolean(),
  /** New masters (a dry run: what the commit would create). */
  created: levelCounts,
  /** Masters the sheet names that already exist: matched, left as they are. */
  existing: levelCounts,
});
export type UploadCurriculumResponse = z.infer<typeof uploadCurriculumResponse>;

const common = { access: 'curriculum', tag: 'curriculum' } as const;
/**
 * Reading the masters is open to every module that tags its content by grade,
 * subject, chapter or topic (their screens' selects); editing is `curriculum`.
 */
const reading = {
  tag: 'curriculum',
  access: [
    'curriculum',
    'books',
    'media',
    'questions',
    'practices',
    'mock_tests',
    'diagnostic_tests',
    'free_content',
    'promotional',
    'qr_codes',
    'reports',
  ],
} as const;

export const curriculumRoutes = defineRoutes({
  getGrades: {
    ...reading,
    method: 'GET',
    path: '/book/getgrades',
    spec: true,
    summary: 'Grades (Nursery … Class 12) in order, with their subject counts',
    response: items(gradeSchema),
  },
  getSubjects: {
    ...reading,
    method: 'GET',
    path: '/book/getsubjects',
    spec: true,
    summary: "A grade's subjects in order, with their chapter counts",
    query: subjectsQuery,
    response: items(subjectSchema),
  },
  getChapters: {
    ...reading,
    method: 'GET',
    path: '/book/getchapters',
    spec: true,
    summary: "A subject's chapters in order, with their topic counts",
    query: chaptersQuery,
    response: items(chapterSchema),
  },
  getTopics: {
    ...reading,
    method: 'GET',
    path: '/book/gettopics',
    spec: true,
    summary: "A chapter's topics in order",
    query: topicsQuery,
    response: items(topicSchema),
  },
  addSubject: {
    ...common,
    method: 'POST',
    path: '/book/addsubject',
    spec: true,
    summary: 'Add a subject at the end of a grade (name unique within the grade)',
    body: addSubjectBody,
    response: subjectSchema,
  },
  addChapter: {
    ...common,
    method: 'POST',
    path: '/book/addchapter',
    spec: true,
    summary: 'Add a chapter at the end of a subject (name and number unique within it)',
    body: addChapterBody,
    response: chapterSchema,
  },
  addTopic: {
    ...common,
    method: 'POST',
    path: '/book/addtopic',
    spec: true,
    summary: 'Add a topic at the end of a chapter (name unique within it)',
    body: addTopicBody,
    response: topicSchema,
  },
  editSubject: {
    ...common,
    method: 'POST',
    path: '/book/editsubject',
    spec: true,
    summary: 'Rename a subject',
    body: editNameBody,
    response: subjectSchema,
  },
  editChapter: {
    ...common,
    method: 'POST',
    path: '/book/editchapter',
    spec: true,
    summary: 'Rename or renumber a chapter',
    body: editChapterBody,
    response: chapterSchema,
  },
  editTopic: {
    ...common,
    method: 'POST',
    path: '/book/edittopic',
    spec: true,
    summary: 'Rename a topic',
    body: editNameBody,
    response: topicSchema,
  },
  removeSubject: {
    ...common,
    method: 'POST',
    path: '/book/removesubject',
    spec: true,
    summary: 'Delete a subject; 409 naming what uses it',
    body: idBody,
    response: okSchema,
  },
  removeChapter: {
    ...common,
    method: 'POST',
    path: '/book/removechapter',
    spec: true,
    summary: 'Delete a chapter; 409 naming what uses it',
    body: idBody,
    response: okSchema,
  },
  removeTopic: {
    ...common,
    method: 'POST',
    path: '/book/removetopic',
    spec: true,
    summary: 'Delete a topic; 409 naming what uses it',
    body: idBody,
    response: okSchema,
  },
  reorderSubjects: {
    ...common,
    method: 'POST',
    path: '/book/reordersubjects',
    summary: "Set the order of a grade's subjects (every subject of the grade, once)",
    body: reorderBody,
    response: okSchema,
  },
  reorderChapters: {
    ...common,
    method: 'POST',
    path: '/book/reorderchapters',
    summary: "Set the order of a subject's chapters (every chapter of the subject, once)",
    body: reorderBody,
    response: okSchema,
  },
  reorderTopics: {
    ...common,
    method: 'POST',
    path: '/book/reordertopics',
    summary: "Set the order of a chapter's topics (every topic of the chapter, once)",
    body: reorderBody,
    response: okSchema,
  },
  downloadSubjects: {
    ...common,
    method: 'GET',
    path: '/book/downloadsubjects',
    spec: true,
    summary: "A grade's subjects as XLSX",
    query: subjectsQuery,
    download: true,
  },
  downloadChapters: {
    ...common,
    method: 'GET',
    path: '/book/downloadchapters',
    spec: true,
    summary: "A subject's chapters as XLSX",
    query: chaptersQuery,
    download: true,
  },
  downloadTopics: {
    ...common,
    method: 'GET',
    path: '/book/downloadtopics',
    spec: true,
    summary: "A chapter's topics as XLSX",
    query: topicsQuery,
    download: true,
  },
  uploadCurriculum: {
    ...common,
    method: 'POST',
    path: '/book/uploadcurriculum',
    summary:
      'Import subjects, chapters and topics from XLSX (multipart, field "file"; columns Grade, Subject, Chapter No, Chapter, Topic): existing names are matched, new ones appended; a dry run reports counts and every bad cell as { row, column, message }; dryRun=false imports all rows or none',
    query: uploadCurriculumQuery,
    response: uploadCurriculumResponse,
  },
  curriculumTemplate: {
    ...common,
    method: 'GET',
    path: '/book/curriculumtemplate',
    summary: 'The XLSX template of uploadcurriculum: its headers and example rows',
    download: true,
  },
});
