import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assessmentSections, chapters } from '../../db/schema/index.ts';
import { findAssessment } from '../assessments/index.ts';

/** The chapters of a diagnostic test's subject, each with its section (or null). */
export async function chapterSections(db: Db, id: number) {
  const test = await findAssessment(db, 'diagnostic', id);
  if (test.subjectId == null) return [];
  return db
    .select({
      chapterId: chapters.id,
      name: chapters.name,
      position: chapters.position,
      sectionId: assessmentSections.id,
    })
    .from(chapters)
    .leftJoin(
      assessmentSections,
      and(eq(assessmentSections.chapterId, chapters.id), eq(assessmentSections.assessmentId, id)),
    )
    .where(eq(chapters.subjectId, test.subjectId))
    .orderBy(asc(chapters.position), asc(chapters.id));
}
