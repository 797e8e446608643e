import { randomInt } from 'node:crypto';
import { QR_ALPHABET, QR_CODE_LENGTH } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * A code from the CSPRNG: each character drawn independently from the
 * 31-letter alphabet, so neighbours say nothing about each other (31^6 ≈ 887
 * million codes; a batch of 1,000 meets an existing code with a chance of
 * about 1 in 900 per million codes already made).
 */
export const randomCode = () =>
  Array.from({ length: QR_CODE_LENGTH }, () => QR_ALPHABET[randomInt(QR_ALPHABET.length)]).join('');

export interface NewCode {
  bookId: number | null;
  targetKind: 'book' | 'toc_node' | 'video' | null;
  tocNodeId: number | null;
  videoId: number | null;
}

/**
 * Inserts one code per entry under `batchId`. The unique index decides: a
 * code that collides (with a stored one or one of this batch) is skipped by
 * ON CONFLICT and drawn again, until every entry has its code.
 */
export async function insertCodes(
  tx: Tx,
  batchId: number,
  actorId: number | null,
  entries: NewCode[],
) {
  let pending = entries;
  const made: number[] = [];
  for (let round = 0; pending.length > 0; round++) {
    if (round > 20) throw new Error('Could not draw unique QR codes');
    const drawn = pending.map((e) => ({ ...e, code: randomCode() }));
    const values = drawn.map(
      (e) =>
        sql`(${e.code}, ${batchId}, ${e.bookId}, ${e.targetKind}, ${e.tocNodeId}, ${e.videoId}, ${actorId}, ${actorId})`,
    );
    const inserted = (
      await tx.execute<{ id: number | string; code: string }>(sql`insert into qr_codes
        (code, batch_id, book_id, target_kind, toc_node_id, video_id, created_by, updated_by)
        values ${sql.join(values, sql`, `)}
        on conflict (code) do nothing returning id, code`)
    ).rows;
    const taken = new Set(inserted.map((r) => r.code));
    made.push(...inserted.map((r) => Number(r.id)));
    // A code drawn twice in one round is inserted once: the other entry draws again.
    const kept = new Set<string>();
    pending = drawn.filter((e) => {
      if (taken.has(e.code) && !kept.has(e.code)) {
        kept.add(e.code);
        return false;
      }
      return true;
    });
  }
  return made;
}
