import type { AssessmentKind } from '@bo/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assessmentItems,
  assessmentSections,
  assessments,
  chapters,
  mediaItems,
  questions,
  testCategories,
  tocNodes,
} from '../../db/schema/index.ts';
import type { SubjectRef } from './demo.curriculum.ts';
import { DEMO_MATHS_CHAPTERS } from './demo.questions.ts';

/**
 * One assessment of each kind over the demo questions, so a newcomer finds
 * the builders filled in: a practice on the first demo book's first TOC
 * node, a mock test with two timed sections in a "Term tests" category, a
 * diagnostic test with a section per chapter, and a video quiz on a demo
 * video. Written straight into the engine's tables (the same rows its
 * service writes). Idempotent: an assessment of that kind and name is kept.
 */

type Section = { name: string; minutes?: number; chapterId?: number; questionIds: number[] };

async function addAssessment(
  tx: Tx,
  kind: AssessmentKind,
  name: string,
  owned: Partial<typeof assessments.$inferInsert>,
  sections: Section[],
  extra: { instruction?: string; moments?: number[] } = {},
) {
  const [found] = await tx
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.kind, kind), eq(assessments.name, name)));
  if (found) return 0;
  const [a] = await tx
    .insert(assessments)
    .values({ kind, name, status: 'active', ...owned })
    .returning({ id: assessments.id });
  let position = 0;
  if (extra.instruction)
    await tx.insert(assessmentItems).values({
      assessmentId: a!.id,
      position: position++,
      kind: 'instruction',
      instruction: extra.instruction,
    });
  for (const [i, s] of sections.entries()) {
    const [section] = s.name
      ? await tx
          .insert(assessmentSections)
          .values({
            assessmentId: a!.id,
            name: s.name,
            position: i,
            timeLimitMinutes: s.minutes ?? null,
            chapterId: s.chapterId ?? null,
          })
          .returning({ id: assessmentSections.id })
      : [];
    if (s.questionIds.length)
      await tx.insert(assessmentItems).values(
        s.questionIds.map((questionId, j) => ({
          assessmentId: a!.id,
          sectionId: section?.id ?? null,
          position: position++,
          kind: 'question' as const,
          questionId,
          marks: 1,
          negativeMarks: kind === 'mock_test' ? 0.25 : 0,
          atTenths: extra.moments?.[j] ?? null,
        })),
      );
  }
  return 1;
}

/** Active questions of the demo's maths chapter `name` (demo.questions.ts), oldest first. */
async function chapterQuestions(tx: Tx, subjectId: number, name: string) {
  const [chapter] = await tx
    .select({ id: chapters.id, name: chapters.name })
    .from(chapters)
    .where(and(eq(chapters.subjectId, subjectId), eq(chapters.name, name)));
  if (!chapter) return null;
  const ids = (
    await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.chapterId, chapter.id), eq(questions.status, 'active')))
      .orderBy(asc(questions.id))
      .limit(12)
  ).map((q) => q.id);
  return ids.length >= 10 ? { ...chapter, ids } : null;
}

/**
 * Adds the demo assessments missing; answers how many were added. Each
 * draws from the chapter it is about: the mock test's parts and the
 * diagnostic test's sections (one per chapter) hold that chapter's questions.
 */
export async function seedAssessments(tx: Tx, refs: SubjectRef[]): Promise<number> {
  const maths = refs.find((r) => r.subject === 'Mathematics' && r.grade === 'Class 7');
  if (!maths) return 0;
  const fractions = await chapterQuestions(tx, maths.subjectId, DEMO_MATHS_CHAPTERS.fractions);
  const powers = await chapterQuestions(tx, maths.subjectId, DEMO_MATHS_CHAPTERS.powers);
  if (!fractions || !powers) return 0;
  let added = 0;

  const [node] = await tx
    .select({ id: tocNodes.id, bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(isNull(tocNodes.parentId))
    .orderBy(asc(tocNodes.bookId), asc(tocNodes.position))
    .limit(1);
  if (node)
    added += await addAssessment(
      tx,
      'practice',
      'Fractions: quick practice',
      { bookId: node.bookId, tocNodeId: node.id },
      [{ name: '', questionIds: fractions.ids.slice(0, 6) }],
      { instruction: '<p>Read each question twice. No negative marks.</p>' },
    );

  await tx.insert(testCategories).values({ name: 'Term tests', position: 0 }).onConflictDoNothing();
  const [category] = await tx
    .select({ id: testCategories.id })
    .from(testCategories)
    .where(eq(testCategories.name, 'Term tests'));
  added += await addAssessment(
    tx,
    'mock_test',
    'Class 7 Mathematics: term test 1',
    {
      testCategoryId: category!.id,
      gradeId: maths.gradeId,
      subjectId: maths.subjectId,
      durationMinutes: 40,
    },
    [
      { name: 'Part A: fractions', minutes: 20, questionIds: fractions.ids.slice(0, 6) },
      { name: 'Part B: powers', minutes: 20, questionIds: powers.ids.slice(0, 6) },
    ],
  );

  added += await addAssessment(
    tx,
    'diagnostic',
    'Class 7 Mathematics: where do I stand?',
    { gradeId: maths.gradeId, subjectId: maths.subjectId },
    [fractions, powers].map((c) => ({
      name: c.name,
      chapterId: c.id,
      minutes: 5,
      questionIds: c.ids.slice(6, 10),
    })),
  );

  const [video] = await tx
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(and(eq(mediaItems.kind, 'video'), inArray(mediaItems.title, ['Place Value Made Easy'])));
  if (video)
    added += await addAssessment(
      tx,
      'video_quiz',
      'Place value: check as you watch',
      { videoId: video.id },
      [{ name: '', questionIds: fractions.ids.slice(0, 3) }],
      { moments: [10, 20, 30] },
    );
  return added;
}
