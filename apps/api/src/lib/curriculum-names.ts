import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { chapters, grades, subjects, topics } from '../db/schema/index.ts';

/**
 * A row tagged with the curriculum (a question, a media item) answers with
 * the names of its grade, subject, chapter and topic beside their ids. Each
 * tag is optional, so each name is joined on its own (null when untagged).
 */
export const curriculumNames = {
  gradeName: grades.name,
  subjectName: subjects.name,
  chapterName: chapters.name,
  topicName: topics.name,
};

/** The four tables behind `curriculumNames`, joined on the row's tag columns. */
export function joinCurriculumNames<Q extends PgSelect>(
  query: Q,
  tags: {
    gradeId: AnyPgColumn;
    subjectId: AnyPgColumn;
    chapterId: AnyPgColumn;
    topicId: AnyPgColumn;
  },
) {
  return query
    .leftJoin(grades, eq(grades.id, tags.gradeId))
    .leftJoin(subjects, eq(subjects.id, tags.subjectId))
    .leftJoin(chapters, eq(chapters.id, tags.chapterId))
    .leftJoin(topics, eq(topics.id, tags.topicId));
}
