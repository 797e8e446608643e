import type { dummyTocBody, Toc } from '@bo/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { chapters, tocNodes, topics } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { conflict } from '../../lib/errors.ts';
import { settlePrintedCodes } from '../../lib/printed-codes.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { bookByIsbn, bookNodes, readToc } from './toc.queries.ts';
import { invalid, lockBook, pdfKeysOf, removeFiles } from './toc.write.ts';

/**
 * A TOC drafted from the curriculum masters (dummytocforisbn, and the demo
 * seed): the subject's chapters in master order as `chapter` nodes linked to
 * the master, their topics as `topic` children.
 */

export interface MastersToc {
  /** Chapter nodes in order, with their master chapter. */
  chapters: { id: number; chapterId: number; title: string }[];
  /** Topic nodes with their master topic. */
  topics: { id: number; topicId: number }[];
}

/**
 * Inserts the draft into a book whose TOC is empty; the caller has locked
 * the book (its row, or the seed's advisory lock). `firstChapterFree` marks the first chapter and its topics
 * free (the demo's sample).
 */
export async function insertTocFromMasters(
  tx: Tx,
  bookId: number,
  subjectId: number,
  opts: { actorId?: number; firstChapterFree?: boolean } = {},
): Promise<MastersToc> {
  const masters = await tx
    .select({ id: chapters.id, name: chapters.name })
    .from(chapters)
    .where(eq(chapters.subjectId, subjectId))
    .orderBy(asc(chapters.position), asc(chapters.id));
  if (masters.length === 0) return { chapters: [], topics: [] };
  const stamp =
    opts.actorId === undefined ? {} : { createdBy: opts.actorId, updatedBy: opts.actorId };
  const free = (chapterId: number) => !!opts.firstChapterFree && chapterId === masters[0]!.id;
  const chapterNodes = await tx
    .insert(tocNodes)
    .values(
      masters.map((c, i) => ({
        bookId,
        parentId: null,
        kind: 'chapter' as const,
        title: c.name,
        chapterId: c.id,
        position: i,
        isFree: free(c.id),
        ...stamp,
      })),
    )
    .returning({ id: tocNodes.id, chapterId: tocNodes.chapterId, title: tocNodes.title });
  const nodeOf = new Map(chapterNodes.map((n) => [n.chapterId!, n.id]));
  const masterTopics = await tx
    .select({ id: topics.id, chapterId: topics.chapterId, name: topics.name })
    .from(topics)
    .where(
      inArray(
        topics.chapterId,
        masters.map((c) => c.id),
      ),
    )
    .orderBy(asc(topics.chapterId), asc(topics.position), asc(topics.id));
  const seen = new Map<number, number>();
  const topicNodes = masterTopics.length
    ? await tx
        .insert(tocNodes)
        .values(
          masterTopics.map((t) => {
            const position = seen.get(t.chapterId) ?? 0;
            seen.set(t.chapterId, position + 1);
            return {
              bookId,
              parentId: nodeOf.get(t.chapterId)!,
              kind: 'topic' as const,
              title: t.name,
              chapterId: t.chapterId,
              topicId: t.id,
              position,
              isFree: free(t.chapterId),
              ...stamp,
            };
          }),
        )
        .returning({ id: tocNodes.id, topicId: tocNodes.topicId })
    : [];
  // Returned in master order (RETURNING follows the inserted rows, but sort anyway).
  const order = new Map(masters.map((c, i) => [c.id, i]));
  return {
    chapters: chapterNodes
      .map((n) => ({ id: n.id, chapterId: n.chapterId!, title: n.title }))
      .sort((a, b) => order.get(a.chapterId)! - order.get(b.chapterId)!),
    topics: topicNodes.map((n) => ({ id: n.id, topicId: n.topicId! })),
  };
}

export async function dummyToc(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof dummyTocBody>,
): Promise<Toc> {
  let dropped: string[] = [];
  const toc = await deps.db.transaction(async (tx) => {
    const book = await bookByIsbn(tx, input.isbn);
    await lockBook(tx, book.id);
    if (!book.subjectId) {
      throw invalid('isbn', 'The book has no subject: set its grade and subject first');
    }
    const existing = await bookNodes(tx, book.id);
    if (existing.length && !input.replace) {
      throw conflict(
        `The book already has a TOC of ${existing.length} node${existing.length === 1 ? '' : 's'}; send replace: true to overwrite it`,
      );
    }
    // The new nodes do not exist yet: printed codes go to the book, or nowhere by choice.
    const codes = await settlePrintedCodes(tx, ctx, {
      targets: { nodeIds: existing.map((r) => r.id) },
      choice: input,
      offer: ['book'],
      from: 'body',
      now: deps.clock(),
      actorId: actor.id,
    });
    if (existing.length) {
      dropped = await pdfKeysOf(
        tx,
        existing.map((r) => r.id),
      );
      await tx.delete(tocNodes).where(eq(tocNodes.bookId, book.id));
    }
    await insertTocFromMasters(tx, book.id, book.subjectId, { actorId: actor.id });
    const after = await readToc(tx, book);
    await recordAudit(tx, ctx, {
      action: 'toc_built_from_masters',
      entity: 'book',
      entityId: book.id,
      before: { nodes: existing.length },
      after: {
        nodes: after.nodeCount,
        replaced: existing.length > 0,
        qrCodes: codes.qrCodes,
        qrCodesTo: codes.to,
      },
    });
    return after;
  });
  await removeFiles(deps, dropped);
  return toc;
}
