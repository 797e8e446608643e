import type {
  addTocNodeBody,
  deleteTocNodeBody,
  moveTocNodeBody,
  Toc,
  updateTocNodeBody,
} from '@bo/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { contentItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { printedCodesImpact, settlePrintedCodes } from '../../lib/printed-codes.ts';
import { writePositions } from '../../lib/reorder.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { TOC_SUBTREE_COUNTS } from '../../lib/usage-table.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { bookNodes, type NodeRow, readTocOfBook, subtreeIds } from './toc.queries.ts';
import { invalid, lockBook, lockNodeBook, pdfKeysOf, removeFiles } from './toc.write.ts';

/**
 * Editing a book's TOC nodes: add, rename, update (title, free flag,
 * status), move (reparent and reorder in one), delete with the subtree and
 * its content. Each write locks the book (toc.write.ts), leaves one audit
 * row in its transaction and answers the whole new TOC.
 */

export function addTocNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof addTocNodeBody>,
): Promise<Toc> {
  return deps.db.transaction(async (tx) => {
    await lockBook(tx, input.bookId);
    const rows = await bookNodes(tx, input.bookId);
    const parentId = input.parentId ?? null;
    if (parentId !== null && !rows.some((r) => r.id === parentId)) {
      throw invalid('parentId', 'Not a node of this book');
    }
    const position = rows.filter((r) => r.parentId === parentId).length;
    const [row] = await tx
      .insert(tocNodes)
      .values({
        bookId: input.bookId,
        parentId,
        kind: input.kind,
        title: input.title,
        position,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'toc_node_added',
      entity: 'toc_node',
      entityId: row!.id,
      after: { bookId: input.bookId, parentId, kind: input.kind, title: input.title, position },
    });
    return readTocOfBook(tx, input.bookId);
  });
}

/**
 * Title, free flag and status in one write (renametocnode is this with a
 * title only). With `subtree`, the flag and the status go to every node under
 * it too, so a whole free chapter is one call.
 */
export function updateTocNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof updateTocNodeBody>,
): Promise<Toc> {
  return deps.db.transaction(async (tx) => {
    const { book, rows, node } = await lockNodeBook(tx, input.id);
    const stamp = { updatedAt: deps.clock(), updatedBy: actor.id };
    const flags = {
      ...(input.isFree === undefined ? {} : { isFree: input.isFree }),
      ...(input.status === undefined ? {} : { status: input.status }),
    };
    await tx
      .update(tocNodes)
      .set({ ...flags, ...(input.title === undefined ? {} : { title: input.title }), ...stamp })
      .where(eq(tocNodes.id, node.id));
    const below = input.subtree ? subtreeIds(rows, node.id).filter((id) => id !== node.id) : [];
    if (below.length && Object.keys(flags).length) {
      await tx
        .update(tocNodes)
        .set({ ...flags, ...stamp })
        .where(inArray(tocNodes.id, below));
    }
    await recordAudit(tx, ctx, {
      action: 'toc_node_updated',
      entity: 'toc_node',
      entityId: node.id,
      before: { title: node.title, isFree: node.isFree, status: node.status },
      after: { ...input, descendants: below.length },
    });
    return readTocOfBook(tx, book.id);
  });
}

export function moveTocNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof moveTocNodeBody>,
): Promise<Toc> {
  return deps.db.transaction(async (tx) => {
    const { book, rows, node } = await lockNodeBook(tx, input.id);
    const parentId = input.parentId;
    if (parentId !== null) {
      if (!rows.some((r) => r.id === parentId)) {
        throw invalid('parentId', 'Not a node of this book');
      }
      if (subtreeIds(rows, node.id).includes(parentId)) {
        throw conflict('A node cannot move under itself or one of its descendants');
      }
    }
    const siblingsOf = (p: number | null) =>
      rows.filter((r) => r.parentId === p && r.id !== node.id);
    const order = siblingsOf(parentId);
    order.splice(Math.min(input.position, order.length), 0, node);
    const position = order.indexOf(node);
    // The siblings renumbered in one statement (lib/reorder.ts): the new
    // parent's children and, when the node leaves it, the old parent's.
    const wanted = order.flatMap((r, i) => (r === node ? [] : [[r.id, i] as const]));
    if (node.parentId !== parentId) {
      wanted.push(...siblingsOf(node.parentId).map((r, i) => [r.id, i] as const));
    }
    await writePositions(
      tx,
      {
        table: tocNodes,
        id: tocNodes.id,
        stamp: {},
        positions: new Map(rows.map((r) => [r.id, r.position])),
      },
      wanted,
    );
    if (node.parentId !== parentId || node.position !== position) {
      await tx
        .update(tocNodes)
        .set({ parentId, position, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(tocNodes.id, node.id));
    }
    await recordAudit(tx, ctx, {
      action: 'toc_node_moved',
      entity: 'toc_node',
      entityId: node.id,
      before: { parentId: node.parentId, position: node.position },
      after: { parentId, position },
    });
    return readTocOfBook(tx, book.id);
  });
}

async function impactOf(db: Db | Tx, rows: NodeRow[], id: number) {
  const ids = subtreeIds(rows, id);
  const [[row], practices] = await Promise.all([
    db.select({ n: count() }).from(contentItems).where(inArray(contentItems.nodeId, ids)),
    TOC_SUBTREE_COUNTS.practices(db, ids),
  ]);
  return { ids, impact: { nodes: ids.length, contentItems: row?.n ?? 0, practices } };
}

export async function tocNodeImpact(deps: Deps, id: number) {
  const db = deps.db;
  const [node] = await db
    .select({ bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(eq(tocNodes.id, id));
  if (!node) throw notFound('TOC node');
  const { ids, impact } = await impactOf(db, await bookNodes(db, node.bookId), id);
  return { ...impact, ...(await printedCodesImpact(db, { nodeIds: ids }, deps.clock())) };
}

/** The node's printed codes go where the request says (lib/printed-codes.ts), or 409. */
export async function deleteTocNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof deleteTocNodeBody>,
) {
  const id = input.id;
  let files: string[] = [];
  const deleted = await deps.db.transaction(async (tx) => {
    const { rows, node } = await lockNodeBook(tx, id);
    const { ids, impact: removed } = await impactOf(tx, rows, id);
    const codes = await settlePrintedCodes(tx, ctx, {
      targets: { nodeIds: ids },
      choice: input,
      offer: ['parent', 'book', 'node'],
      from: 'body',
      now: deps.clock(),
      actorId: actor.id,
    });
    const impact = { ...removed, qrCodes: codes.qrCodes, qrScans30Days: codes.qrScans30Days };
    files = await pdfKeysOf(tx, ids);
    await tx.delete(tocNodes).where(eq(tocNodes.id, id));
    // Close the gap among the remaining siblings.
    const siblings = rows.filter((r) => r.parentId === node.parentId && r.id !== id);
    for (const [i, r] of siblings.entries()) {
      if (r.position !== i)
        await tx.update(tocNodes).set({ position: i }).where(eq(tocNodes.id, r.id));
    }
    await recordAudit(tx, ctx, {
      action: 'toc_node_deleted',
      entity: 'toc_node',
      entityId: id,
      before: { bookId: node.bookId, title: node.title, kind: node.kind, ...impact },
      after: { qrCodesTo: codes.to },
    });
    return impact;
  });
  await removeFiles(deps, files);
  return { ok: true as const, deleted };
}
