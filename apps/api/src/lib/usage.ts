import type { Db, Tx } from '../db/client.ts';

/**
 * One kind of thing that may use a record (a book, a TOC entry, a video),
 * asked before the record is deleted: each feature keeps a list of these
 * beside it, and a later feature adds its entry to the list it points at.
 */
export interface Usage {
  singular: string;
  plural: string;
  count(db: Db | Tx, id: number): Promise<number>;
  /** Where, for the message (a few, e.g. `"Maths 6" › Numbers`). */
  where?(db: Db | Tx, id: number): Promise<string[]>;
}

/**
 * "2 videos and 1 audio use this chapter (…)", or null when nothing in
 * `usages` uses the record: the 409 message of a refused delete.
 */
export async function usageMessage(
  db: Db | Tx,
  usages: readonly Usage[],
  id: number,
  noun: string,
): Promise<string | null> {
  const parts: string[] = [];
  const places: string[] = [];
  let total = 0;
  for (const usage of usages) {
    const n = await usage.count(db, id);
    if (n === 0) continue;
    total += n;
    parts.push(`${n} ${n === 1 ? usage.singular : usage.plural}`);
    if (usage.where) places.push(...(await usage.where(db, id)));
  }
  if (!parts.length) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const where = places.length ? ` (${places.join('; ')})` : '';
  return `${list} ${total === 1 ? 'uses' : 'use'} this ${noun}${where}`;
}
