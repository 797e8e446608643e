import type {
  addTocNodeBody,
  CheckMappingBody,
  ContentItem,
  checkMappingBody,
  MediaKind,
  moveTocNodeBody,
  renameTocNodeBody,
  Toc,
  updateTocNodeBody,
} from '@bo/contract';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { contentItems, mediaItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  bookNodes,
  findContentItem,
  type NodeRow,
  readTocOfBook,
  subtreeIds,
} from './toc.queries.ts';
import { invalid, lockBook, lockNodeBook, pdfKeysOf, removeFiles } from './toc.write.ts';

/**
 * Rules of a book's TOC nodes and content (locking: toc.write.ts). Deleting
 * a node takes its subtree and content (uploaded PDFs' files are removed
 * after the commit). Each write leaves one audit row in its transaction.
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

export function renameTocNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof renameTocNodeBody>,
): Promise<Toc> {
  return deps.db.transaction(async (tx) => {
    const { book, node } = await lockNodeBook(tx, input.id);
    await tx
      .update(tocNodes)
      .set({ title: input.title, updatedAt: deps.clock(), updatedBy: actor.id })
      .where(eq(tocNodes.id, input.id));
    await recordAudit(tx, ctx, {
      action: 'toc_node_renamed',
      entity: 'toc_node',
      entityId: input.id,
      before: { title: node.title },
      after: { title: input.title },
    });
    return readTocOfBook(tx, book.id);
  });
}

/**
 * Title, free flag and status in one write. With `subtree`, the flag and the
 * status go to every node under it too, so a whole free chapter is one call.
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
    const updates = new Map<number, { parentId: number | null; position: number }>();
    order.forEach((r, i) => {
      updates.set(r.id, { parentId, position: i });
    });
    if (node.parentId !== parentId) {
      siblingsOf(node.parentId).forEach((r, i) => {
        updates.set(r.id, { parentId: r.parentId, position: i });
      });
    }
    const byId = new Map<number, NodeRow>(rows.map((r) => [r.id, r]));
    for (const [id, u] of updates) {
      const was = byId.get(id)!;
      if (was.parentId === u.parentId && was.position === u.position) continue;
      await tx
        .update(tocNodes)
        .set({
          parentId: u.parentId,
          position: u.position,
          ...(id === node.id ? { updatedAt: deps.clock(), updatedBy: actor.id } : {}),
        })
        .where(eq(tocNodes.id, id));
    }
    await recordAudit(tx, ctx, {
      action: 'toc_node_moved',
      entity: 'toc_node',
      entityId: node.id,
      before: { parentId: node.parentId, position: node.position },
      after: { parentId, position: updates.get(node.id)!.position },
    });
    return readTocOfBook(tx, book.id);
  });
}

async function impactOf(db: Db | Tx, rows: NodeRow[], id: number) {
  const ids = subtreeIds(rows, id);
  const [row] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(inArray(contentItems.nodeId, ids));
  return { ids, impact: { nodes: ids.length, contentItems: row?.n ?? 0 } };
}

export async function tocNodeImpact(db: Db, id: number) {
  const [node] = await db
    .select({ bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(eq(tocNodes.id, id));
  if (!node) throw notFound('TOC node');
  return (await impactOf(db, await bookNodes(db, node.bookId), id)).impact;
}

export async function deleteTocNode(deps: Deps, ctx: RequestContext, id: number) {
  let files: string[] = [];
  const deleted = await deps.db.transaction(async (tx) => {
    const { rows, node } = await lockNodeBook(tx, id);
    const { ids, impact } = await impactOf(tx, rows, id);
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
    });
    return impact;
  });
  await removeFiles(deps, files);
  return { ok: true as const, deleted };
}

/** Next position among a node's content items. */
export async function nextContentPosition(tx: Tx, nodeId: number) {
  const [row] = await tx
    .select({ p: max(contentItems.position) })
    .from(contentItems)
    .where(eq(contentItems.nodeId, nodeId));
  return row?.p === null || row?.p === undefined ? 0 : row.p + 1;
}

/** The video/audio to map; 400 when it is of the other kind. */
async function mediaOfKind(tx: Tx, body: { kind: MediaKind; mediaItemId: number }) {
  const [media] = await tx
    .select({ kind: mediaItems.kind, title: mediaItems.title })
    .from(mediaItems)
    .where(eq(mediaItems.id, body.mediaItemId));
  if (!media) throw notFound(body.kind === 'video' ? 'Video' : 'Audio');
  if (media.kind !== body.kind) {
    const a = (k: MediaKind) => (k === 'audio' ? 'an audio' : 'a video');
    throw invalid('mediaItemId', `This is ${a(media.kind)}, not ${a(body.kind)}`);
  }
  return media;
}

const sameMapping = (body: z.infer<typeof checkMappingBody>) => {
  switch (body.kind) {
    case 'video':
    case 'audio':
      return eq(contentItems.mediaItemId, body.mediaItemId);
    case 'link':
      return and(eq(contentItems.kind, 'link'), eq(contentItems.url, body.url));
    case 'pdf':
      return eq(contentItems.id, body.contentId);
  }
};

/**
 * Maps a video/audio (by media id), a link, or an existing content item
 * (moved onto the node) to a node. A mapping the node already has is
 * answered as `{ mapped: false, existing }` and never duplicated.
 */
export async function assignContent(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof checkMappingBody>,
): Promise<{ mapped: boolean; item?: ContentItem; existing?: ContentItem }> {
  const result = await deps.db.transaction(async (tx) => {
    await lockNodeBook(tx, body.nodeId, 'nodeId');
    const media =
      body.kind === 'video' || body.kind === 'audio' ? await mediaOfKind(tx, body) : null;
    const [existing] = await tx
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.nodeId, body.nodeId), sameMapping(body)));
    if (existing) return { mapped: false, id: existing.id };
    const position = await nextContentPosition(tx, body.nodeId);
    const stamp = { createdBy: actor.id, updatedBy: actor.id };
    let id: number;
    if (body.kind === 'video' || body.kind === 'audio') {
      const [row] = await tx
        .insert(contentItems)
        .values({
          nodeId: body.nodeId,
          kind: body.kind,
          title: media!.title,
          mediaItemId: body.mediaItemId,
          position,
          ...stamp,
        })
        .returning({ id: contentItems.id });
      id = row!.id;
    } else if (body.kind === 'link') {
      const [row] = await tx
        .insert(contentItems)
        .values({
          nodeId: body.nodeId,
          kind: 'link',
          title: body.title ?? body.url,
          url: body.url,
          position,
          ...stamp,
        })
        .returning({ id: contentItems.id });
      id = row!.id;
    } else {
      const [item] = await tx
        .select({ id: contentItems.id, kind: contentItems.kind, nodeId: contentItems.nodeId })
        .from(contentItems)
        .where(eq(contentItems.id, body.contentId));
      if (!item) throw notFound('Content item');
      if (item.kind !== 'pdf') throw invalid('contentId', 'Not a PDF content item');
      const [from] = await tx
        .select({ bookId: tocNodes.bookId })
        .from(tocNodes)
        .where(eq(tocNodes.id, item.nodeId));
      const [to] = await tx
        .select({ bookId: tocNodes.bookId })
        .from(tocNodes)
        .where(eq(tocNodes.id, body.nodeId));
      if (from?.bookId !== to?.bookId) {
        throw invalid('contentId', 'The content item belongs to another book');
      }
      await tx
        .update(contentItems)
        .set({ nodeId: body.nodeId, position, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(contentItems.id, item.id));
      id = item.id;
    }
    await recordAudit(tx, ctx, {
      action: 'toc_content_mapped',
      entity: 'content_item',
      entityId: id,
      after: body,
    });
    return { mapped: true, id };
  });
  const item = (await findContentItem(deps, result.id))!;
  return result.mapped ? { mapped: true, item } : { mapped: false, existing: item };
}

export const attachMedia = (
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  kind: MediaKind,
  body: { nodeId: number; mediaItemId: number },
) => assignContent(deps, ctx, actor, { kind, ...body } as CheckMappingBody as never);

export async function removeContent(deps: Deps, ctx: RequestContext, id: number) {
  const key = await deps.db.transaction(async (tx) => {
    const [item] = await tx.select().from(contentItems).where(eq(contentItems.id, id));
    if (!item) throw notFound('Content item');
    await lockNodeBook(tx, item.nodeId);
    await tx.delete(contentItems).where(eq(contentItems.id, id));
    await recordAudit(tx, ctx, {
      action: 'toc_content_removed',
      entity: 'content_item',
      entityId: id,
      before: {
        ...item,
        createdAt: item.createdAt.toISOString(),
        updatedAt: item.updatedAt.toISOString(),
      },
    });
    return item.fileKey;
  });
  if (key) await removeFiles(deps, [key]);
  return { ok: true as const };
}
