/**
 * The ids in their new order after moving `id` by `delta` places, or null
 * when it cannot move (already first or last, or not in the list).
 */
export function moveId(ids: readonly number[], id: number, delta: number): number[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || delta === 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * `items` in the order of `ids` while a reorder is in flight; the items as
 * they are when there is none, or when the list changed meanwhile (an item
 * added or removed: the server's list wins).
 */
export function inOrder<T extends { id: number }>(items: T[], ids: readonly number[] | null): T[] {
  if (!ids || ids.length !== items.length) return items;
  const byId = new Map(items.map((i) => [i.id, i]));
  const out = ids.map((id) => byId.get(id));
  return out.every((i) => i !== undefined) ? (out as T[]) : items;
}
