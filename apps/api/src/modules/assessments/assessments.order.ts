import {
  ASSESSMENT_KIND_LABELS,
  type AssessmentKind,
  type removeItemsBody,
  type reorderItemsBody,
} from '@bo/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { assessmentItems, assessmentSections } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { applyOrder } from '../../lib/reorder.ts';
import { type Actor, changeItems, stamp } from './assessments.items.ts';
import { ITEM_ORDER } from './assessments.queries.ts';

/**
 * The order of an assessment's items: removing closes the gap, reordering
 * takes every item id in the builder's order (the shared lib/reorder.ts
 * rule), and both write only the rows whose position changes.
 */

/** Removes items; the rest close up (positions 0..n-1 again). */
export async function removeItems(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof removeItemsBody>,
) {
  return changeItems(deps, kind, body.id, actor, async (tx, a) => {
    const removed = await tx
      .delete(assessmentItems)
      .where(and(eq(assessmentItems.assessmentId, a.id), inArray(assessmentItems.id, body.itemIds)))
      .returning({ id: assessmentItems.id });
    if (removed.length !== body.itemIds.length) {
      const gone = new Set(removed.map((r) => r.id));
      const unknown = body.itemIds.filter((id) => !gone.has(id));
      throw notFound(`Item ${unknown.join(', ')}`);
    }
    const rest = await currentOrder(tx, a.id);
    if (rest.ids.length) await applyOrder(tx, orderOf(kind, rest, rest.ids, actor));
    return removed.length;
  });
}

/** The items' ids and positions in the builder's order (readItems'), which a reorder sends back. */
async function currentOrder(tx: Tx, assessmentId: number) {
  const rows = await tx
    .select({ id: assessmentItems.id, position: assessmentItems.position })
    .from(assessmentItems)
    .leftJoin(assessmentSections, eq(assessmentSections.id, assessmentItems.sectionId))
    .where(eq(assessmentItems.assessmentId, assessmentId))
    .orderBy(...ITEM_ORDER);
  return { ids: rows.map((r) => r.id), positions: new Map(rows.map((r) => [r.id, r.position])) };
}

const orderOf = (
  kind: AssessmentKind,
  current: Awaited<ReturnType<typeof currentOrder>>,
  ids: number[],
  actor: Actor,
) => ({
  table: assessmentItems,
  id: assessmentItems.id,
  current: current.ids,
  positions: current.positions,
  ids,
  base: 0 as const,
  changed: `The items of this ${ASSESSMENT_KIND_LABELS[kind].toLowerCase()} have changed`,
  field: 'body.itemIds',
  noun: 'item',
  stamp: stamp(actor),
});

/** A section order for the shared rule: every section of the assessment once, or 409. */
async function sectionOrderOf(
  tx: Tx,
  kind: AssessmentKind,
  assessmentId: number,
  ids: number[],
  actor: Actor,
) {
  const rows = await tx
    .select({ id: assessmentSections.id, position: assessmentSections.position })
    .from(assessmentSections)
    .where(eq(assessmentSections.assessmentId, assessmentId))
    .orderBy(asc(assessmentSections.position), asc(assessmentSections.id));
  return {
    table: assessmentSections,
    id: assessmentSections.id,
    current: rows.map((r) => r.id),
    positions: new Map(rows.map((r) => [r.id, r.position])),
    ids,
    base: 0 as const,
    changed: `The sections of this ${ASSESSMENT_KIND_LABELS[kind].toLowerCase()} have changed`,
    field: 'body.sectionIds',
    noun: 'section',
    stamp: stamp(actor),
  };
}

/**
 * Puts items in other sections (or in none): one UPDATE per target. A
 * section or item of another assessment is a 404, as when mapping.
 */
async function moveItems(
  tx: Tx,
  assessmentId: number,
  moves: NonNullable<z.infer<typeof reorderItemsBody>['moves']>,
  actor: Actor,
) {
  const targets = [...new Set(moves.flatMap((m) => (m.sectionId == null ? [] : [m.sectionId])))];
  if (targets.length) {
    const found = await tx
      .select({ id: assessmentSections.id })
      .from(assessmentSections)
      .where(
        and(
          eq(assessmentSections.assessmentId, assessmentId),
          inArray(assessmentSections.id, targets),
        ),
      );
    if (found.length !== targets.length) throw notFound('Section');
  }
  const bySection = new Map<number | null, number[]>();
  for (const m of moves)
    bySection.set(m.sectionId, [...(bySection.get(m.sectionId) ?? []), m.itemId]);
  let moved = 0;
  for (const [sectionId, itemIds] of bySection) {
    const rows = await tx
      .update(assessmentItems)
      .set({ sectionId, ...stamp(actor) })
      .where(
        and(eq(assessmentItems.assessmentId, assessmentId), inArray(assessmentItems.id, itemIds)),
      )
      .returning({ id: assessmentItems.id });
    moved += rows.length;
  }
  if (moved !== moves.length) throw notFound('Item');
}

/**
 * The shared reorder rule, for the sections when they are sent and the
 * items always: every one once, in the new order, or 409. Items that change
 * section move first, so the new order numbers them where they now belong
 * (positions 0..n-1 in the builder's order again).
 */
export async function reorderItems(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof reorderItemsBody>,
) {
  await changeItems(deps, kind, body.id, actor, async (tx, a) => {
    if (body.sectionIds)
      await applyOrder(tx, await sectionOrderOf(tx, kind, a.id, body.sectionIds, actor));
    if (body.moves?.length) await moveItems(tx, a.id, body.moves, actor);
    await applyOrder(tx, orderOf(kind, await currentOrder(tx, a.id), body.itemIds, actor));
  });
}
