import type { AssessmentKind, addSectionBody, editSectionBody, SectionInput } from '@bo/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { assessmentItems, assessmentSections, chapters } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { findAssessment, lockAssessment, toSection } from './assessments.queries.ts';
import { cleanOptionalRichText } from './assessments.rich-text.ts';

/**
 * Makes an assessment's sections the given list, in its order: a section
 * with an id is changed in place, one without is added, one left out is
 * removed and its items stay in the assessment outside any section (never
 * deleted with it). An id of another assessment's section is a 400.
 */
export async function syncSections(
  tx: Tx,
  assessmentId: number,
  sections: SectionInput[],
  actor: { id: number },
) {
  const current = await tx
    .select({ id: assessmentSections.id })
    .from(assessmentSections)
    .where(eq(assessmentSections.assessmentId, assessmentId));
  const mine = new Set(current.map((s) => s.id));
  const foreign = sections.findIndex((s) => s.id !== undefined && !mine.has(s.id));
  if (foreign >= 0)
    throw badRequest('A section is not one of this assessment’s sections', [
      { path: `body.sections.${foreign}.id`, message: 'Not a section of this assessment' },
    ]);
  await assertChapters(tx, sections);

  const kept = sections.flatMap((s) => (s.id ? [s.id] : []));
  const gone = current.map((s) => s.id).filter((id) => !kept.includes(id));
  if (gone.length) {
    await tx
      .update(assessmentItems)
      .set({ sectionId: null })
      .where(inArray(assessmentItems.sectionId, gone));
    await tx
      .delete(assessmentSections)
      .where(
        and(
          eq(assessmentSections.assessmentId, assessmentId),
          inArray(assessmentSections.id, gone),
        ),
      );
  }
  // Chapters are cleared first: the new list may swap two sections' chapters,
  // which one update at a time would trip on the one-section-per-chapter index.
  if (kept.length)
    await tx
      .update(assessmentSections)
      .set({ chapterId: null })
      .where(eq(assessmentSections.assessmentId, assessmentId));
  for (const [position, s] of sections.entries()) {
    const values = {
      name: s.name,
      position,
      instructions: cleanOptionalRichText(s.instructions, `body.sections.${position}.instructions`),
      timeLimitMinutes: s.timeLimitMinutes,
      chapterId: s.chapterId,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    if (s.id)
      await tx.update(assessmentSections).set(values).where(eq(assessmentSections.id, s.id));
    else
      await tx.insert(assessmentSections).values({ ...values, assessmentId, createdBy: actor.id });
  }
}

async function assertChapters(tx: Tx, sections: Pick<SectionInput, 'chapterId'>[]) {
  const seen = new Set<number>();
  const twice = sections.findIndex((s) => {
    if (!s.chapterId) return false;
    if (seen.has(s.chapterId)) return true;
    seen.add(s.chapterId);
    return false;
  });
  if (twice >= 0)
    throw badRequest('Two sections are for the same chapter', [
      { path: `body.sections.${twice}.chapterId`, message: 'Another section is for this chapter' },
    ]);
  const ids = [...seen];
  if (!ids.length) return;
  const found = new Set(
    (await tx.select({ id: chapters.id }).from(chapters).where(inArray(chapters.id, ids))).map(
      (c) => c.id,
    ),
  );
  const i = sections.findIndex((s) => s.chapterId && !found.has(s.chapterId));
  if (i >= 0)
    throw badRequest(`No chapter has the id ${sections[i]!.chapterId}`, [
      { path: `body.sections.${i}.chapterId`, message: 'Unknown chapter' },
    ]);
}

/** The sections of an assessment with their active questions and marks, in order. */
export async function listSections(db: Db | Tx, kind: AssessmentKind, id: number) {
  await findAssessment(db, kind, id);
  const rows = await db
    .select({
      section: assessmentSections,
      questions: sql<number>`(select count(*)::int from assessment_items ai where ai.section_id = "assessment_sections"."id" and ai.kind = 'question' and ai.active)`,
      marks: sql<string>`(select coalesce(sum(ai.marks), 0) from assessment_items ai where ai.section_id = "assessment_sections"."id" and ai.kind = 'question' and ai.active)`,
    })
    .from(assessmentSections)
    .where(eq(assessmentSections.assessmentId, id))
    .orderBy(asc(assessmentSections.position), asc(assessmentSections.id));
  return {
    items: rows.map((r) => ({
      ...toSection(r.section),
      questions: Number(r.questions),
      marks: Number(r.marks),
    })),
  };
}

const summaryOf = async (db: Db | Tx, kind: AssessmentKind, id: number, sectionId: number) =>
  (await listSections(db, kind, id)).items.find((s) => s.id === sectionId)!;

/** Adds one section at the end; answers it with its (empty) totals. */
export async function addSection(
  deps: Deps,
  kind: AssessmentKind,
  actor: { id: number },
  { id, ...section }: z.infer<typeof addSectionBody>,
) {
  return deps.db.transaction(async (tx) => {
    await lockAssessment(tx, kind, id);
    await assertChapters(tx, [section]);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(assessmentSections)
      .where(eq(assessmentSections.assessmentId, id))) as [{ n: number }];
    const [made] = await tx
      .insert(assessmentSections)
      .values({
        assessmentId: id,
        name: section.name,
        position: n,
        instructions: cleanOptionalRichText(section.instructions, 'body.instructions'),
        timeLimitMinutes: section.timeLimitMinutes,
        chapterId: section.chapterId,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: assessmentSections.id })
      .catch((err) => {
        if (isUniqueViolation(err))
          throw conflict('This chapter has a section already', [
            { path: 'body.chapterId', message: 'This chapter has a section already' },
          ]);
        throw err;
      });
    return summaryOf(tx, kind, id, made!.id);
  });
}

/** Changes one section's name, instructions or time; absent keys stay as they are. */
export async function editSection(
  deps: Deps,
  kind: AssessmentKind,
  actor: { id: number },
  { id, sectionId, instructions, ...change }: z.infer<typeof editSectionBody>,
) {
  return deps.db.transaction(async (tx) => {
    await lockAssessment(tx, kind, id);
    const updated = await tx
      .update(assessmentSections)
      .set({
        ...change,
        ...(instructions !== undefined && {
          instructions: cleanOptionalRichText(instructions, 'body.instructions'),
        }),
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(and(eq(assessmentSections.id, sectionId), eq(assessmentSections.assessmentId, id)))
      .returning({ id: assessmentSections.id });
    if (!updated.length) throw notFound('Section');
    return summaryOf(tx, kind, id, sectionId);
  });
}
