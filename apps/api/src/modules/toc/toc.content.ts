import type { ContentItem, checkMappingBody, MediaKind, PrintedCodesChoice } from '@bo/contract';
import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { contentItems, mediaItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { notFound } from '../../lib/errors.ts';
import { codesWithContent, settlePrintedCodes } from '../../lib/printed-codes.ts';
import { applyOrder } from '../../lib/reorder.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { findContentItem, type NodeRow } from './toc.queries.ts';
import { invalid, lockNodeBook, removeFiles } from './toc.write.ts';

/**
 * Content on TOC nodes: videos/audios of the media library, links, and
 * uploaded PDFs (the upload itself: toc.files.ts). A mapping a node already
 * has is reported, never duplicated.
 */

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
    if (existing) {
      markUnchanged(ctx); // reported, not duplicated: nothing to audit
      return { mapped: false, id: existing.id };
    }
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
) => assignContent(deps, ctx, actor, { kind, ...body });

/**
 * Removes one content item. Printed codes on its node, above it or on the
 * book that had content only through it would lead nowhere after: the
 * request says where they point next, or the removal is refused (409).
 */
export async function removeContent(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { id: number } & PrintedCodesChoice,
) {
  const id = input.id;
  const key = await deps.db.transaction(async (tx) => {
    const [item] = await tx.select().from(contentItems).where(eq(contentItems.id, id));
    if (!item) throw notFound('Content item');
    const { book, rows } = await lockNodeBook(tx, item.nodeId);
    const above = ancestorsOf(rows, item.nodeId);
    const hadContent = await codesWithContent(tx, book.id, above);
    await tx.delete(contentItems).where(eq(contentItems.id, id));
    const still = new Set(await codesWithContent(tx, book.id, above));
    await settlePrintedCodes(tx, ctx, {
      targets: { codeIds: hadContent.filter((c) => !still.has(c)) },
      choice: input,
      offer: ['parent', 'book', 'node'],
      from: 'body',
      now: deps.clock(),
      actorId: actor.id,
    });
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

/** Sets the order of a node's content: every item of the node, once, in the new order. */
export async function reorderContent(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: { parentId: number; ids: number[] },
) {
  await deps.db.transaction(async (tx) => {
    await lockNodeBook(tx, body.parentId, 'parentId');
    const current = (
      await tx
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(eq(contentItems.nodeId, body.parentId))
        .orderBy(asc(contentItems.position), asc(contentItems.id))
    ).map((r) => r.id);
    await applyOrder(tx, {
      table: contentItems,
      id: contentItems.id,
      current,
      ids: body.ids,
      base: 0,
      changed: 'The content of this node has changed',
      field: 'body.ids',
      noun: 'content item of the node',
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
    });
    await recordAudit(tx, ctx, {
      action: 'toc_content_reordered',
      entity: 'toc_node',
      entityId: body.parentId,
      before: { ids: current },
      after: { ids: body.ids },
    });
  });
  return { ok: true as const };
}

/** The node and every node above it, up to the top. */
function ancestorsOf(rows: NodeRow[], nodeId: number) {
  const parent = new Map(rows.map((r) => [r.id, r.parentId]));
  const ids: number[] = [];
  for (let at: number | null = nodeId; at !== null && ids.length <= rows.length; ) {
    ids.push(at);
    at = parent.get(at) ?? null;
  }
  return ids;
}
