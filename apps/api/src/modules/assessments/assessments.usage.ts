import { ASSESSMENT_KIND_LABELS, ASSESSMENT_KINDS, type AssessmentKind } from '@bo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { assessmentItems, assessmentSections, assessments } from '../../db/schema/index.ts';
import type { Usage } from '../../lib/usage.ts';
import { USAGES } from '../curriculum/index.ts';
import { MEDIA_USAGES } from '../media/index.ts';
import { QUESTION_USAGES, registerAssessmentQuestions } from '../questions/index.ts';
import { TOC_SUBTREE_COUNTS } from '../toc/index.ts';

/**
 * What the engine tells the modules it builds on, which must not import it.
 * The question bank: the
 * questions of an assessment (the picker's "not in assessment X"), and who
 * uses a question (a delete answers 409 naming them), one entry per kind:
 * "2 practices and 1 mock test use this question (Practice "Fractions 1"; …)".
 * Runs once, when the engine is loaded.
 */
registerAssessmentQuestions(
  (id) =>
    sql`select ${assessmentItems.questionId} from ${assessmentItems} where ${assessmentItems.assessmentId} = ${id} and ${assessmentItems.questionId} is not null`,
);

const PLURALS = {
  practice: 'practices',
  mock_test: 'mock tests',
  diagnostic: 'diagnostic tests',
  video_quiz: 'video quizzes',
} as const;

const usedBy = (kind: (typeof ASSESSMENT_KINDS)[number], questionId: number) =>
  and(eq(assessmentItems.questionId, questionId), eq(assessments.kind, kind));

for (const kind of ASSESSMENT_KINDS) {
  const label = ASSESSMENT_KIND_LABELS[kind];
  QUESTION_USAGES.push({
    singular: label.toLowerCase(),
    plural: PLURALS[kind],
    count: async (db, id) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(assessmentItems)
        .innerJoin(assessments, eq(assessments.id, assessmentItems.assessmentId))
        .where(usedBy(kind, id));
      return row?.n ?? 0;
    },
    where: async (db, id) => {
      const rows = await db
        .select({ name: assessments.name })
        .from(assessmentItems)
        .innerJoin(assessments, eq(assessments.id, assessmentItems.assessmentId))
        .where(usedBy(kind, id))
        .orderBy(assessments.name)
        .limit(5);
      return rows.map((r) => `${label} "${r.name}"`);
    },
  });
}

/** Assessments of a kind whose `column` is the record: a usage entry for another module's list. */
function assessmentsWhere(kind: AssessmentKind, column: AnyPgColumn): Usage {
  const label = ASSESSMENT_KIND_LABELS[kind];
  const where = (id: number) => and(eq(column, id), eq(assessments.kind, kind));
  return {
    singular: label.toLowerCase(),
    plural: PLURALS[kind],
    count: async (db, id) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(assessments).where(where(id)))[0]
        ?.n ?? 0,
    where: async (db, id) =>
      (
        await db
          .select({ name: assessments.name })
          .from(assessments)
          .where(where(id))
          .orderBy(assessments.name)
          .limit(3)
      ).map((r) => `${label} "${r.name}"`),
  };
}

// A subject is the subject of mock and diagnostic tests; a chapter has a
// diagnostic test's section; a video has its quizzes. Their deletes name them.
USAGES.subject.push(
  assessmentsWhere('mock_test', assessments.subjectId),
  assessmentsWhere('diagnostic', assessments.subjectId),
);
USAGES.chapter.push({
  singular: 'diagnostic test section',
  plural: 'diagnostic test sections',
  count: async (db, id) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(assessmentSections)
        .where(eq(assessmentSections.chapterId, id))
    )[0]?.n ?? 0,
});
MEDIA_USAGES.push({ ...assessmentsWhere('video_quiz', assessments.videoId), kinds: ['video'] });

// A practice sits on a TOC node: deleting the node's subtree leaves it without one.
TOC_SUBTREE_COUNTS.practices = async (db, nodeIds) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(assessments)
      .where(inArray(assessments.tocNodeId, nodeIds))
  )[0]?.n ?? 0;
