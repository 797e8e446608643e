import type {
  Blank,
  Cloze,
  Matching,
  NumericAnswer,
  Ordering,
  QuestionFields,
  QuestionOption,
  QuestionRevision,
} from '@bo/contract';

type QuestionRevisionAction = QuestionRevision['action'];

import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { actorColumns, id, marks, timestamps, tstz } from './columns.ts';
import { chapters, grades, subjects, topics } from './curriculum.ts';

/** gradeId -> grade, createdBy -> created_by: index names as the columns read in SQL. */
const snake = (c: string) => c.replace(/Id$/, '').replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The question bank. Texts are stored as the sanitised HTML the editor
 * shows; `search_text`, `similarity_text` and `dedupe_key` are derived from
 * them by the service at every save (questions.text.ts) so that search,
 * near-duplicate warnings and the exact-duplicate refusal never parse HTML
 * at read time.
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    type: text('type').notNull().$type<QuestionFields['type']>(),
    stem: text('stem').notNull(),
    options: jsonb('options').notNull().$type<QuestionOption[]>().default([]),
    blanks: jsonb('blanks').notNull().$type<Blank[]>().default([]),
    numeric: jsonb('numeric').$type<NumericAnswer | null>(),
    /** The structured types' parts (questions-structured.ts), null for the other types. */
    matching: jsonb('matching').$type<Matching | null>(),
    ordering: jsonb('ordering').$type<Ordering | null>(),
    cloze: jsonb('cloze').$type<Cloze | null>(),
    modelAnswer: text('model_answer'),
    explanation: text('explanation'),
    difficulty: text('difficulty').notNull().$type<QuestionFields['difficulty']>(),
    marks: marks('marks').notNull(),
    negativeMarks: marks('negative_marks').notNull(),
    gradeId: bigint('grade_id', { mode: 'number' }).references(() => grades.id, {
      onDelete: 'restrict',
    }),
    subjectId: bigint('subject_id', { mode: 'number' }).references(() => subjects.id, {
      onDelete: 'restrict',
    }),
    chapterId: bigint('chapter_id', { mode: 'number' }).references(() => chapters.id, {
      onDelete: 'restrict',
    }),
    topicId: bigint('topic_id', { mode: 'number' }).references(() => topics.id, {
      onDelete: 'restrict',
    }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    language: text('language').notNull().$type<QuestionFields['language']>(),
    status: text('status').notNull().$type<QuestionFields['status']>(),
    source: text('source')
      .notNull()
      .$type<'manual' | 'xlsx' | 'moodle' | 'gift' | 'aiken' | 'qti'>(),
    sourceLabel: text('source_label'),
    /** Saves so far: an edit names the revision it started from (optimistic lock). */
    revision: integer('revision').notNull().default(1),
    /** Lowercased plain text of stem, options and explanation (LaTeX source kept). */
    searchText: text('search_text').notNull(),
    /** Words of search_text for word and prefix search ('simple': no stemming, any script). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, search_text)`,
    ),
    /** Normalised stem and options: what near duplicates are compared on (trigram similarity of a few candidates, questions.duplicates.ts). */
    similarityText: text('similarity_text').notNull(),
    /** Hash of type, normalised stem, options and key: one question per key. */
    dedupeKey: text('dedupe_key').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  // The list's indexes (docs/questions.md, Lists and search). Every list is
  // ordered by (sort column, id); a page's ids are picked from an index alone
  // (deferred join) and only its rows are read from the table.
  (t) => [
    uniqueIndex('questions_dedupe_key').on(t.dedupeKey),
    // The default order, with the small filter columns as trailing keys so a
    // filtered or deep page is an index-only scan (no table row per entry).
    index('questions_updated_idx').on(
      t.updatedAt,
      t.id,
      t.status,
      t.difficulty,
      t.type,
      t.language,
    ),
    // One per curriculum level and the author: the filter seeks its questions
    // already in the default order, and its small filters, other sort keys and
    // exact count are read from the index alone (the curriculum's ON DELETE
    // RESTRICT checks use them too).
    ...(['gradeId', 'subjectId', 'chapterId', 'topicId', 'createdBy'] as const).map((c) =>
      index(`questions_${snake(c)}_idx`).on(
        t[c],
        t.updatedAt,
        t.id,
        t.status,
        t.difficulty,
        t.type,
        t.language,
        t.marks,
      ),
    ),
    // The same keys carrying search_vector (`INCLUDE`, added by hand to
    // migration 0012: drizzle-kit cannot declare it, a change generated here
    // must keep it): a text search alone or with the subject's filters tests
    // each entry's words in the index, so its page and exact count read no
    // table row. Apart from the two above, which lists without a search read
    // (a tsvector makes an entry ~5x wider: a deep page would read 5x the bytes).
    index('questions_updated_search_idx').on(
      t.updatedAt,
      t.id,
      t.status,
      t.difficulty,
      t.type,
      t.language,
    ),
    index('questions_subject_search_idx').on(
      t.subjectId,
      t.updatedAt,
      t.id,
      t.status,
      t.difficulty,
      t.type,
      t.language,
      t.marks,
    ),
    // The other orders over the whole bank.
    index('questions_created_idx').on(t.createdAt, t.id),
    index('questions_marks_idx').on(t.marks, t.id),
    index('questions_difficulty_idx').on(t.difficulty, t.id),
    index('questions_type_idx').on(t.type, t.id),
    index('questions_search_idx').using('gin', t.searchVector),
    index('questions_tags_idx').using('gin', t.tags),
  ],
);

/**
 * How many questions carry each tag, kept by a statement trigger on
 * questions (migration 0010): the tags route reads this small table instead
 * of unnesting every question's tags. A tag no longer used keeps a row with
 * 0 uses (the route skips it) so writers never delete what another is counting.
 */
export const questionTagCounts = pgTable('question_tag_counts', {
  tag: text('tag').primaryKey(),
  uses: integer('uses').notNull(),
});

/**
 * Every saved state of a question (revision 1 is its creation): the fields
 * as saved, who saved them and how. Restoring copies an old state into a
 * new revision, so history only grows.
 */
export const questionRevisions = pgTable(
  'question_revisions',
  {
    id: id(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    action: text('action').notNull().$type<QuestionRevisionAction>(),
    fields: jsonb('fields').notNull().$type<QuestionFields>(),
    restoredFrom: integer('restored_from'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('question_revisions_question_revision_key').on(t.questionId, t.revision)],
);

/**
 * Images put into question texts. The key is random and unguessable, the
 * file is served publicly by it (learners see questions too); the row keeps
 * the file from the orphan sweep.
 */
export const questionImages = pgTable('question_images', {
  id: id(),
  fileKey: text('file_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
});
