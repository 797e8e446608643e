import type { MediaKind } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What uses a video or audio, asked before it is deleted. Nothing maps media
 * yet; the TOC content items, QR codes (target `video`) and video quizzes add
 * one entry here each when they land, and deletion answers 409 naming them.
 */
export interface MediaUsage {
  singular: string;
  plural: string;
  /** Which kinds it can use (a QR code targets videos only). */
  kinds: readonly MediaKind[];
  count(db: Db | Tx, mediaId: number): Promise<number>;
}

export const MEDIA_USAGES: MediaUsage[] = [];

/** "2 TOC entries use this video", or null when nothing uses it. */
export async function mediaUsageMessage(
  db: Db | Tx,
  kind: MediaKind,
  id: number,
): Promise<string | null> {
  const parts: string[] = [];
  let total = 0;
  for (const usage of MEDIA_USAGES) {
    if (!usage.kinds.includes(kind)) continue;
    const n = await usage.count(db, id);
    if (n === 0) continue;
    total += n;
    parts.push(`${n} ${n === 1 ? usage.singular : usage.plural}`);
  }
  if (!parts.length) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} ${total === 1 ? 'uses' : 'use'} this ${kind}`;
}
