import type {
  AssessmentKind,
  AssessmentStatus,
  GradeBand,
  PartialCredit,
  ReviewMode,
  SectionRule,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { actorColumns, id, marks, timestamps, tstz } from './columns.ts';
import { chapters, grades, subjects } from './curriculum.ts';
import { mediaItems } from './media.ts';
import { questions } from './questions.ts';
import { tocNodes } from './toc.ts';

/** Mock tests are grouped by category (`/master/addtestcategory`). */
export const testCategories = pgTable(
  'test_categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [uniqueIndex('test_categories_name_key').on(sql`lower(${t.name})`)],
);

/**
 * The one assessment engine's header: practices, mock tests, diagnostic
 * tests and video quizzes are rows of this table told apart by `kind`; the
 * columns a kind does not use stay null. Totals (questions, marks, time) are
 * never stored: they are summed from the active items when read.
 * Deleting a book, node or video an assessment belongs to is refused
 * (RESTRICT) so an assessment is never silently orphaned.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: id(),
    kind: text('kind').notNull().$type<AssessmentKind>(),
    name: text('name').notNull(),
    status: text('status').notNull().$type<AssessmentStatus>().default('draft'),
    bookId: bigint('book_id', { mode: 'number' }).references(() => books.id, {
      onDelete: 'restrict',
    }),
    /** A practice's node; set null when the node goes, which the checklist reports. */
    tocNodeId: bigint('toc_node_id', { mode: 'number' }).references(() => tocNodes.id, {
      onDelete: 'set null',
    }),
    testCategoryId: bigint('test_category_id', { mode: 'number' }).references(
      () => testCategories.id,
      { onDelete: 'restrict' },
    ),
    gradeId: bigint('grade_id', { mode: 'number' }).references(() => grades.id, {
      onDelete: 'restrict',
    }),
    subjectId: bigint('subject_id', { mode: 'number' }).references(() => subjects.id, {
      onDelete: 'restrict',
    }),
    videoId: bigint('video_id', { mode: 'number' }).references(() => mediaItems.id, {
      onDelete: 'restrict',
    }),
    durationMinutes: integer('duration_minutes'),
    defaultMarks: marks('default_marks'),
    defaultNegativeMarks: marks('default_negative_marks'),
    /** Marks for a question left unanswered (usually 0). */
    unansweredMarks: marks('unanswered_marks').notNull().default(0),
    partialCredit: text('partial_credit')
      .notNull()
      .$type<PartialCredit>()
      .default('all_or_nothing'),
    /** Null: a practice shows the global default instructions. */
    instructions: text('instructions'),
    attemptsAllowed: integer('attempts_allowed'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    availableFrom: tstz('available_from'),
    availableTo: tstz('available_to'),
    /** Percent of the attempt's marks to pass; null: no pass mark. */
    cutoffPercent: integer('cutoff_percent'),
    /** Ascending from 0%, each up to the next (the contract's rules). */
    gradeBands: jsonb('grade_bands').notNull().$type<GradeBand[]>().default([]),
    /** When learners see the right answers. */
    showAnswers: text('show_answers').notNull().$type<ReviewMode>().default('after_submit'),
    clonedFromId: bigint('cloned_from_id', { mode: 'number' }).references(
      (): AnyPgColumn => assessments.id,
      { onDelete: 'set null' },
    ),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('assessments_kind_updated_idx').on(t.kind, t.updatedAt, t.id),
    index('assessments_toc_node_idx').on(t.tocNodeId),
    index('assessments_book_idx').on(t.bookId),
    index('assessments_category_idx').on(t.testCategoryId),
    index('assessments_subject_idx').on(t.subjectId),
    index('assessments_video_idx').on(t.videoId),
    check(
      'assessments_window_check',
      sql`${t.availableFrom} is null or ${t.availableTo} is null or ${t.availableFrom} < ${t.availableTo}`,
    ),
    check(
      'assessments_cutoff_percent_check',
      sql`${t.cutoffPercent} is null or ${t.cutoffPercent} between 1 and 100`,
    ),
  ],
);

/**
 * A titled part of an assessment, in order. A diagnostic test has one per
 * chapter of its subject (`chapter_id`); `rule` remembers how a section was
 * filled from the bank so the builder can show it and fill again.
 */
export const assessmentSections = pgTable(
  'assessment_sections',
  {
    id: id(),
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    instructions: text('instructions'),
    timeLimitMinutes: integer('time_limit_minutes'),
    tocNodeId: bigint('toc_node_id', { mode: 'number' }).references(() => tocNodes.id, {
      onDelete: 'set null',
    }),
    chapterId: bigint('chapter_id', { mode: 'number' }).references(() => chapters.id, {
      onDelete: 'restrict',
    }),
    rule: jsonb('rule').$type<SectionRule | null>(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('assessment_sections_assessment_position_idx').on(t.assessmentId, t.position),
    uniqueIndex('assessment_sections_chapter_key').on(t.assessmentId, t.chapterId),
  ],
);

/**
 * An entry of an assessment: a bank question (referred to, never copied) or
 * an instruction block, ordered by `position` across the whole assessment
 * (sections group a run of it). A question appears once per assessment.
 * `at_tenths`: a video quiz's moment, in tenths of a second.
 */
export const assessmentItems = pgTable(
  'assessment_items',
  {
    id: id(),
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' }).references(() => assessmentSections.id, {
      onDelete: 'cascade',
    }),
    position: integer('position').notNull(),
    kind: text('kind').notNull().$type<'question' | 'instruction'>(),
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, {
      onDelete: 'restrict',
    }),
    instruction: text('instruction'),
    marks: marks('marks'),
    negativeMarks: marks('negative_marks'),
    active: boolean('active').notNull().default(true),
    atTenths: integer('at_tenths'),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('assessment_items_assessment_position_idx').on(t.assessmentId, t.position),
    uniqueIndex('assessment_items_question_key').on(t.assessmentId, t.questionId),
    index('assessment_items_question_idx').on(t.questionId),
    check(
      'assessment_items_kind_check',
      sql`(${t.kind} = 'question' and ${t.questionId} is not null and ${t.instruction} is null) or (${t.kind} = 'instruction' and ${t.questionId} is null and ${t.instruction} is not null)`,
    ),
  ],
);

/** Settings of the whole back-office, one row per key (the practices' default instructions). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
