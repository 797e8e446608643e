import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorColumns, id, timestamps } from './columns.ts';

/**
 * Curriculum masters: grade > subject > chapter > topic. Names are unique
 * (case-insensitively) within their parent; a parent in use cannot be deleted
 * (ON DELETE RESTRICT), so the service's 409 is backed by the database.
 */
export const grades = pgTable(
  'grades',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [uniqueIndex('grades_name_lower_key').on(sql`lower(${t.name})`)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    gradeId: bigint('grade_id', { mode: 'number' })
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('subjects_grade_name_key').on(t.gradeId, sql`lower(${t.name})`),
    index('subjects_grade_position_idx').on(t.gradeId, t.position),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: id(),
    subjectId: bigint('subject_id', { mode: 'number' })
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('chapters_subject_name_key').on(t.subjectId, sql`lower(${t.name})`),
    uniqueIndex('chapters_subject_number_key').on(t.subjectId, t.number),
    index('chapters_subject_position_idx').on(t.subjectId, t.position),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: id(),
    chapterId: bigint('chapter_id', { mode: 'number' })
      .notNull()
      .references(() => chapters.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    uniqueIndex('topics_chapter_name_key').on(t.chapterId, sql`lower(${t.name})`),
    index('topics_chapter_position_idx').on(t.chapterId, t.position),
  ],
);
