/**
 * The builder's order as the API reads it: items outside any section first,
 * then each section's, in the sections' order; within a group, items keep
 * their order. A reorder sends every item id in this order.
 */

type Placed = { id: number; sectionId: number | null };

/** `items` in the builder's order for this order of the sections. */
export function orderBySections<T extends Placed>(
  items: readonly T[],
  sectionIds: readonly number[],
) {
  const bySection = new Map<number | null, T[]>([[null, []]]);
  for (const s of sectionIds) bySection.set(s, []);
  for (const i of items) bySection.get(i.sectionId)?.push(i);
  return [null, ...sectionIds].flatMap((s) => bySection.get(s) ?? []);
}

/**
 * The item ids in the builder's order once the items `itemIds` move to the
 * end of section `to` (null: to the end of the items outside any section),
 * keeping their order among themselves.
 */
export function orderAfterMove(
  items: readonly Placed[],
  sectionIds: readonly number[],
  itemIds: readonly number[],
  to: number | null,
) {
  const moving = new Set(itemIds);
  const rest = items.filter((i) => !moving.has(i.id));
  const moved = items.filter((i) => moving.has(i.id)).map((i) => ({ ...i, sectionId: to }));
  return orderBySections([...rest, ...moved], sectionIds).map((i) => i.id);
}
