import { count, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { questions } from '../../db/schema/index.ts';
import type { Usage } from '../../lib/usage.ts';
import { USAGES } from '../curriculum/index.ts';

/**
 * Questions are tagged with a subject, chapter and topic: deleting one of
 * those names the questions that use it (409) instead of meeting the
 * foreign key's RESTRICT. Added to the curriculum's usage lists at load.
 */
const questionsOn = (column: AnyPgColumn): Usage => ({
  singular: 'question',
  plural: 'questions',
  async count(db, id) {
    const [row] = await db.select({ n: count() }).from(questions).where(eq(column, id));
    return row?.n ?? 0;
  },
});

USAGES.subject.push(questionsOn(questions.subjectId));
USAGES.chapter.push(questionsOn(questions.chapterId));
USAGES.topic.push(questionsOn(questions.topicId));
