import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qrBatches } from '../../db/schema/index.ts';
import { insertCodes, type NewCode } from '../qr-codes/index.ts';

/** Demo books whose codes are printed: a code per chapter and per TOC node with content. */
const PRINTED_BOOKS = 12;
/** Spare codes of the first printed book, not yet pointed at anything ("codes without content"). */
const SPARE = 10;
/** Videos of the media library with a code of their own. */
const VIDEOS = 3;

/**
 * Demo QR codes drawn like `generateqrcode` draws them (random, unique): a
 * code per chapter and per TOC node with content (in it or below it) of the
 * first demo books that have a TOC, ten spare codes
 * of the first of them, and a code for the first few videos. Idempotent: the
 * printed books and videos are always the same first ones (by id), and one
 * that has codes gets no more, so a second run makes none. Scans come with
 * the learners' activity (demo.learners.sql.ts). Answers how many codes it
 * made.
 */
export async function seedQrCodes(tx: Tx, isbns: string[]): Promise<number> {
  if (!isbns.length) return 0;
  const printed = (
    await tx.execute<{
      id: number | string;
      coded: boolean;
    }>(sql`select b.id, exists (select 1 from qr_codes q where q.book_id = b.id) as coded
      from books b
      where b.isbn in (select value from jsonb_array_elements_text(${JSON.stringify(isbns)}::jsonb))
        and exists (select 1 from toc_nodes n where n.book_id = b.id)
      order by b.id limit ${PRINTED_BOOKS}`)
  ).rows;
  let made = 0;
  const batch = async (
    kind: 'nodes' | 'spare' | 'video',
    bookId: number | null,
    codes: NewCode[],
  ) => {
    if (!codes.length) return;
    const [b] = await tx
      .insert(qrBatches)
      .values({ bookId, kind, count: codes.length })
      .returning({ id: qrBatches.id });
    made += (await insertCodes(tx, b!.id, null, codes)).length;
  };
  for (const [i, book] of printed.entries()) {
    if (book.coded) continue;
    const bookId = Number(book.id);
    const nodes =
      // Every chapter (top-level node), and every node with content in its part of the TOC: some
      // chapters' content is not uploaded yet, as in a book printed before its videos were made.
      (
        await tx.execute<{ id: number | string }>(sql`with recursive up(id) as (
          select ci.node_id from content_items ci join toc_nodes n on n.id = ci.node_id
            where n.book_id = ${bookId}
          union select t.parent_id from toc_nodes t join up on t.id = up.id where t.parent_id is not null)
        select id from up union select id from toc_nodes where book_id = ${bookId} and parent_id is null
        order by id`)
      ).rows;
    await batch(
      'nodes',
      bookId,
      nodes.map((n) => ({
        bookId,
        targetKind: 'toc_node',
        tocNodeId: Number(n.id),
        videoId: null,
      })),
    );
    if (i === 0) {
      const spare: NewCode = { bookId, targetKind: null, tocNodeId: null, videoId: null };
      await batch(
        'spare',
        bookId,
        Array.from({ length: SPARE }, () => spare),
      );
    }
  }
  const videos = (
    await tx.execute<{
      id: number | string;
      coded: boolean;
    }>(sql`select m.id, exists (select 1 from qr_codes q where q.video_id = m.id) as coded
      from media_items m where m.kind = 'video'
      order by m.id limit ${printed.length ? VIDEOS : 0}`)
  ).rows;
  for (const v of videos.filter((x) => !x.coded)) {
    await batch('video', null, [
      { bookId: null, targetKind: 'video', tocNodeId: null, videoId: Number(v.id) },
    ]);
  }
  return made;
}
