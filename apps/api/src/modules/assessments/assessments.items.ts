import type {
  AssessmentItem,
  AssessmentKind,
  addInstructionBody,
  allMarksBody,
  itemActiveBody,
  itemMarksBody,
  mapQuestionsBody,
} from '@bo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import {
  assessmentItems,
  assessmentSections,
  assessments,
  questions,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { lockAssessment, readItems, toItem } from './assessments.queries.ts';
import { cleanRichText } from './assessments.rich-text.ts';

/**
 * What the builder does to an assessment's items, for every kind. Each
 * change locks the assessment's header first, so two admins editing one
 * assessment queue up instead of interleaving positions; positions run
 * 0..n-1 over the whole assessment (sections group a run of them).
 */

export type Actor = { id: number };
export const stamp = (actor: Actor) => ({ updatedAt: new Date(), updatedBy: actor.id });

async function touch(tx: Tx, id: number, actor: Actor) {
  await tx.update(assessments).set(stamp(actor)).where(eq(assessments.id, id));
}

/**
 * One change to an assessment's items, as every such change runs: in one
 * transaction, the header locked first (two builders queue up) and stamped
 * with who changed it last.
 */
export function changeItems<T>(
  deps: Deps,
  kind: AssessmentKind,
  id: number,
  actor: Actor,
  change: (tx: Tx, a: typeof assessments.$inferSelect) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, id);
    const result = await change(tx, a);
    await touch(tx, a.id, actor);
    return result;
  });
}

async function nextPosition(tx: Tx, assessmentId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${assessmentItems.position}) + 1, 0)::int` })
    .from(assessmentItems)
    .where(eq(assessmentItems.assessmentId, assessmentId));
  return row?.n ?? 0;
}

async function assertSection(tx: Tx, assessmentId: number, sectionId: number | null) {
  if (sectionId == null) return;
  const [s] = await tx
    .select({ id: assessmentSections.id })
    .from(assessmentSections)
    .where(
      and(eq(assessmentSections.id, sectionId), eq(assessmentSections.assessmentId, assessmentId)),
    );
  if (!s) throw notFound('Section');
}

const tenths = (seconds: number | null) => (seconds == null ? null : Math.round(seconds * 10));

/**
 * Adds bank questions at the end (of the assessment, or of a section in the
 * builder's view). A question already in the assessment stays where it is
 * and is reported; an unknown id is a 400 naming it. Marks come from the
 * assessment's defaults when set, else from the question.
 */
export async function mapQuestions(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof mapQuestionsBody>,
) {
  return deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, body.id);
    await assertSection(tx, a.id, body.sectionId);
    return mapInTx(tx, a, actor, body);
  });
}

/** mapQuestions inside a caller's transaction, on a header it has locked (a rule's fill). */
export async function mapInTx(
  tx: Tx,
  a: Pick<typeof assessments.$inferSelect, 'id' | 'defaultMarks' | 'defaultNegativeMarks'>,
  actor: Actor,
  body: { questionIds: number[]; sectionId: number | null; atSeconds: number | null },
) {
  if (!body.questionIds.length) return { added: 0, alreadyIn: [] };
  const found = await tx
    .select({ id: questions.id, marks: questions.marks, negativeMarks: questions.negativeMarks })
    .from(questions)
    .where(inArray(questions.id, body.questionIds));
  const byId = new Map(found.map((q) => [q.id, q]));
  const missing = body.questionIds.filter((id) => !byId.has(id));
  if (missing.length)
    throw badRequest(`No question has the id ${missing.join(', ')}`, [
      { path: 'body.questionIds', message: `Unknown question(s): ${missing.join(', ')}` },
    ]);
  const present = await tx
    .select({ questionId: assessmentItems.questionId })
    .from(assessmentItems)
    .where(
      and(
        eq(assessmentItems.assessmentId, a.id),
        inArray(assessmentItems.questionId, body.questionIds),
      ),
    );
  const alreadyIn = new Set(present.map((p) => p.questionId!));
  const toAdd = body.questionIds.filter((id) => !alreadyIn.has(id));
  let position = await nextPosition(tx, a.id);
  if (toAdd.length)
    await tx.insert(assessmentItems).values(
      toAdd.map((questionId) => {
        const q = byId.get(questionId)!;
        return {
          assessmentId: a.id,
          sectionId: body.sectionId,
          position: position++,
          kind: 'question' as const,
          questionId,
          marks: a.defaultMarks ?? q.marks,
          negativeMarks: a.defaultNegativeMarks ?? q.negativeMarks,
          atTenths: tenths(body.atSeconds),
          createdBy: actor.id,
          updatedBy: actor.id,
        };
      }),
    );
  await touch(tx, a.id, actor);
  return { added: toAdd.length, alreadyIn: [...alreadyIn] };
}

export async function addInstruction(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof addInstructionBody>,
): Promise<AssessmentItem> {
  const html = cleanRichText(body.html, 'body.html');
  return changeItems(deps, kind, body.id, actor, async (tx, a) => {
    await assertSection(tx, a.id, body.sectionId);
    const [item] = await tx
      .insert(assessmentItems)
      .values({
        assessmentId: a.id,
        sectionId: body.sectionId,
        position: await nextPosition(tx, a.id),
        kind: 'instruction',
        instruction: html,
        atTenths: tenths(body.atSeconds),
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning();
    return toItem(item!);
  });
}

/** Changes one item of the assessment (404 when the item is not one of its items). */
async function updateItem(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  ref: { id: number; itemId: number },
  set: Partial<typeof assessmentItems.$inferInsert>,
  onlyQuestions = false,
): Promise<AssessmentItem> {
  return changeItems(deps, kind, ref.id, actor, async (tx, a) => {
    const where = and(eq(assessmentItems.id, ref.itemId), eq(assessmentItems.assessmentId, a.id));
    const [current] = await tx.select().from(assessmentItems).where(where);
    if (!current) throw notFound('Item');
    if (onlyQuestions && current.kind !== 'question')
      throw badRequest('An instruction block has no marks', [
        { path: 'body.itemId', message: 'Choose a question, not an instruction block' },
      ]);
    await tx
      .update(assessmentItems)
      .set({ ...set, ...stamp(actor) })
      .where(where);
    return (await readItems(tx, a.id)).find((i) => i.id === ref.itemId)!;
  });
}

export const setItemMarks = (
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof itemMarksBody>,
) =>
  updateItem(
    deps,
    kind,
    actor,
    body,
    { marks: body.marks, negativeMarks: body.negativeMarks },
    true,
  );

export const setItemActive = (
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof itemActiveBody>,
) => updateItem(deps, kind, actor, body, { active: body.active });

export const setItemMoment = (
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: { id: number; itemId: number; atSeconds: number },
) => updateItem(deps, kind, actor, body, { atTenths: tenths(body.atSeconds) });

/**
 * The same marks for every question of the assessment, or for the chosen
 * items (`itemIds`): all of them or none, so a chosen id that is not one of
 * this assessment's questions (an instruction block, another test's item)
 * refuses the whole change, naming it.
 */
export async function setAllMarks(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof allMarksBody>,
) {
  return changeItems(deps, kind, body.id, actor, async (tx, a) => {
    const chosen = body.itemIds;
    const set = await tx
      .update(assessmentItems)
      .set({ marks: body.marks, negativeMarks: body.negativeMarks, ...stamp(actor) })
      .where(
        and(
          eq(assessmentItems.assessmentId, a.id),
          eq(assessmentItems.kind, 'question'),
          chosen ? inArray(assessmentItems.id, chosen) : undefined,
        ),
      )
      .returning({ id: assessmentItems.id });
    if (!chosen || set.length === chosen.length) return;
    const done = new Set(set.map((r) => r.id));
    const others = chosen.filter((i) => !done.has(i));
    // Thrown inside the transaction: the marks just set roll back with it.
    throw badRequest(`Item ${others.join(', ')} is not a question of this assessment`, [
      { path: 'body.itemIds', message: 'Choose questions of this assessment only' },
    ]);
  });
}
