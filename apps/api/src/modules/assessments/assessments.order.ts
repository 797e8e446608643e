import {
  ASSESSMENT_KIND_LABELS,
  type AssessmentKind,
  type removeItemsBody,
  type reorderItemsBody,
} from '@bo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { assessmentItems, assessmentSections } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { applyOrder } from '../../lib/reorder.ts';
import { type Actor, stamp, touch } from './assessments.items.ts';
import { ITEM_ORDER, lockAssessment } from './assessments.queries.ts';

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
  return deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, body.id);
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
    await touch(tx, a.id, actor);
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

/** The shared reorder rule: every item once, in the new order, or 409. */
export async function reorderItems(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  body: z.infer<typeof reorderItemsBody>,
) {
  await deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, body.id);
    await applyOrder(tx, orderOf(kind, await currentOrder(tx, a.id), body.itemIds, actor));
    await touch(tx, a.id, actor);
  });
}
