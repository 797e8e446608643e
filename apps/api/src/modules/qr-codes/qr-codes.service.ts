import type { GenerateQrBody, QrCode, QrTargetKind } from '@bo/contract';
import { QR_JOB_FROM, QR_MAX_PER_REQUEST } from '@bo/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { books, mediaItems, qrBatches, qrCodes, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { lockBookRow } from '../books/index.ts';
import { printableAddress } from './qr-codes.address.ts';
import { insertCodes, type NewCode } from './qr-codes.codes.ts';
import { codesByIds } from './qr-codes.queries.ts';

/**
 * Rules of QR codes: a TOC node gets at most one code from generation; a
 * request makes at most 1,000; a code's text never changes, its target may
 * (audited with before and after). Each write is one transaction.
 */

async function newBatch(
  tx: Tx,
  kind: 'nodes' | 'spare' | 'video',
  bookId: number | null,
  count: number,
  actor: AuthAdmin,
) {
  const [batch] = await tx
    .insert(qrBatches)
    .values({ bookId, kind, count, createdBy: actor.id, updatedBy: actor.id })
    .returning({ id: qrBatches.id });
  return batch!.id;
}

/** The nodes to make codes for: chosen (all of this book) or every node, minus those with a code. */
export async function nodesToCode(tx: Tx, bookId: number, chosen: number[] | undefined) {
  const nodes = await tx
    .select({ id: tocNodes.id })
    .from(tocNodes)
    .where(and(eq(tocNodes.bookId, bookId), chosen ? inArray(tocNodes.id, chosen) : undefined))
    .orderBy(tocNodes.id);
  if (chosen) {
    const found = new Set(nodes.map((n) => n.id));
    const foreign = [...new Set(chosen)].filter((id) => !found.has(id));
    if (foreign.length) {
      const message = `TOC node ${foreign[0]} is not a node of this book`;
      throw badRequest(message, [{ path: 'body.nodeIds', message }]);
    }
  }
  const coded = new Set(
    (
      await tx
        .select({ id: qrCodes.tocNodeId })
        .from(qrCodes)
        .innerJoin(tocNodes, eq(tocNodes.id, qrCodes.tocNodeId))
        .where(and(eq(tocNodes.bookId, bookId), isNotNull(qrCodes.tocNodeId)))
    ).map((r) => r.id),
  );
  const todo = nodes.filter((n) => !coded.has(n.id)).map((n) => n.id);
  return { todo, skipped: nodes.length - todo.length };
}

export async function generateQrCodes(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: GenerateQrBody,
) {
  printableAddress(deps.config);
  return deps.db.transaction(async (tx) => {
    // The book's row lock makes two generations for one book take turns, so
    // neither makes a second code for a node the other just coded.
    if (!(await lockBookRow(tx, input.bookId))) throw notFound('Book');
    let entries: NewCode[];
    let skipped = 0;
    if (input.mode === 'spare') {
      entries = Array.from({ length: input.count }, () => ({
        bookId: input.bookId,
        targetKind: null,
        tocNodeId: null,
        videoId: null,
      }));
    } else {
      const nodes = await nodesToCode(tx, input.bookId, input.nodeIds);
      skipped = nodes.skipped;
      if (nodes.todo.length > QR_MAX_PER_REQUEST) {
        const message = `This book has ${nodes.todo.length} nodes without a code; choose at most ${QR_MAX_PER_REQUEST} per request`;
        throw badRequest(message, [{ path: 'body.nodeIds', message }]);
      }
      entries = nodes.todo.map((id) => ({
        bookId: input.bookId,
        targetKind: 'toc_node',
        tocNodeId: id,
        videoId: null,
      }));
    }
    // Nothing to make (every node has its code) is still an answered request: audited as such.
    const batchId = entries.length
      ? await newBatch(tx, input.mode, input.bookId, entries.length, actor)
      : null;
    if (batchId !== null && entries.length > QR_JOB_FROM) {
      // Enqueued in this transaction: the batch and its job exist together or not at all.
      const nodeIds = entries.flatMap((e) => (e.tocNodeId === null ? [] : [e.tocNodeId]));
      const data = {
        batchId,
        bookId: input.bookId,
        nodeIds: input.mode === 'nodes' ? nodeIds : null,
      };
      const jobId = await deps.jobs.enqueue(tx, 'qr.generate', data, { by: actor.id });
      await recordAudit(tx, ctx, {
        action: 'qr_codes_generated',
        entity: 'qr_code',
        entityId: null,
        after: {
          bookId: input.bookId,
          batchId,
          mode: input.mode,
          queued: entries.length,
          skipped,
          jobId,
        },
      });
      return { batchId, created: 0, skipped, jobId };
    }
    const ids = batchId === null ? [] : await insertCodes(tx, batchId, actor.id, entries);
    await recordAudit(tx, ctx, {
      action: 'qr_codes_generated',
      entity: 'qr_code',
      entityId: ids[0] ?? null,
      after: { bookId: input.bookId, batchId, mode: input.mode, created: ids.length, skipped },
    });
    return { batchId, created: ids.length, skipped, jobId: null };
  });
}

export async function generateVideoQrCode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  videoId: number,
): Promise<QrCode> {
  printableAddress(deps.config);
  const id = await deps.db.transaction(async (tx) => {
    const [video] = await tx
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.id, videoId), eq(mediaItems.kind, 'video')))
      .for('update');
    if (!video) throw notFound('Video');
    const [existing] = await tx
      .select({ code: qrCodes.code })
      .from(qrCodes)
      .where(and(eq(qrCodes.videoId, videoId), sql`${qrCodes.bookId} is null`));
    if (existing) throw conflict(`This video already has the QR code ${existing.code}`);
    const batchId = await newBatch(tx, 'video', null, 1, actor);
    const [codeId] = await insertCodes(tx, batchId, actor.id, [
      { bookId: null, targetKind: 'video', tocNodeId: null, videoId },
    ]);
    await recordAudit(tx, ctx, {
      action: 'qr_codes_generated',
      entity: 'qr_code',
      entityId: codeId!,
      after: { videoId, batchId, created: 1 },
    });
    return codeId!;
  });
  return (await codesByIds(deps.db, deps.config.publicBaseUrl, [id]))[0]!;
}

/** The target exists, and a book's code stays within its book (a video may be any). */
async function checkTarget(tx: Tx, bookId: number | null, kind: QrTargetKind, id: number) {
  const fail = (message: string) => badRequest(message, [{ path: 'body.target.id', message }]);
  if (kind === 'video') {
    const [v] = await tx
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.id, id), eq(mediaItems.kind, 'video')));
    if (!v) throw fail('No such video');
    return;
  }
  if (bookId === null) throw fail("A video's code can point at another video only");
  if (kind === 'book') {
    if (id !== bookId) throw fail('A code printed in a book points at that book, not another');
    const [b] = await tx.select({ id: books.id }).from(books).where(eq(books.id, id));
    if (!b) throw fail('No such book');
    return;
  }
  const [node] = await tx
    .select({ bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(eq(tocNodes.id, id));
  if (!node || node.bookId !== bookId) throw fail('No such TOC node in this book');
}

const targetOf = (row: typeof qrCodes.$inferSelect) => ({
  kind: row.targetKind,
  id:
    row.targetKind === 'book'
      ? row.bookId
      : row.targetKind === 'video'
        ? row.videoId
        : row.tocNodeId,
});

async function lockCode(tx: Tx, id: number) {
  const [row] = await tx.select().from(qrCodes).where(eq(qrCodes.id, id)).for('update');
  if (!row) throw notFound('QR code');
  return row;
}

export async function retargetQrCode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { id: number; target: { kind: QrTargetKind; id: number } },
): Promise<QrCode> {
  await deps.db.transaction(async (tx) => {
    const row = await lockCode(tx, input.id);
    const { kind, id } = input.target;
    await checkTarget(tx, row.bookId, kind, id);
    await tx
      .update(qrCodes)
      .set({
        targetKind: kind,
        tocNodeId: kind === 'toc_node' ? id : null,
        videoId: kind === 'video' ? id : null,
        updatedBy: actor.id,
        updatedAt: deps.clock(),
      })
      .where(eq(qrCodes.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'qr_code_retargeted',
      entity: 'qr_code',
      entityId: row.id,
      before: { qr: row.code, target: targetOf(row) },
      after: { qr: row.code, target: { kind, id } },
    });
  });
  return (await codesByIds(deps.db, deps.config.publicBaseUrl, [input.id]))[0]!;
}

export async function setQrCodeStatus(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { id: number; enabled: boolean },
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockCode(tx, input.id);
    await tx
      .update(qrCodes)
      .set({ enabled: input.enabled, updatedBy: actor.id, updatedAt: deps.clock() })
      .where(eq(qrCodes.id, row.id));
    await recordAudit(tx, ctx, {
      action: input.enabled ? 'qr_code_enabled' : 'qr_code_disabled',
      entity: 'qr_code',
      entityId: row.id,
      before: { qr: row.code, enabled: row.enabled },
      after: { qr: row.code, enabled: input.enabled },
    });
  });
  return { ok: true as const };
}
