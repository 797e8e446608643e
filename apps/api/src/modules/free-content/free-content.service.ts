import type { FreeBook, FreeToc } from '@bo/contract';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { freeBooks, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { type AuditInput, markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { bookByIsbn, bookNodes, lockBook, lockNodeBook, type NodeRow } from '../toc/index.ts';
import { readFreeToc } from './free-content.queries.ts';

/**
 * Rules of free content. Every write locks the book's row first (as TOC
 * edits do), so a sample is never chosen while its TOC changes; each write
 * is one transaction with its audit row.
 */

export function addFreeIsbn(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  isbn: string,
): Promise<FreeBook> {
  return deps.db.transaction(async (tx) => {
    const found = await bookByIsbn(tx, isbn);
    const book = await lockBook(tx, found.id);
    const [already] = await tx
      .select({ id: freeBooks.id })
      .from(freeBooks)
      .where(eq(freeBooks.bookId, book.id));
    if (already) {
      const message = `"${book.title}" (${book.isbn}) is already free`;
      throw conflict(message, [{ path: 'body.isbn', message }]);
    }
    const now = deps.clock();
    await tx.insert(freeBooks).values({
      bookId: book.id,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.id,
      updatedBy: actor.id,
    });
    await recordAudit(tx, ctx, {
      action: 'free_book_added',
      entity: 'free_book',
      entityId: book.id,
      after: { isbn: book.isbn, title: book.title, givenIsbn: isbn },
    });
    return {
      bookId: book.id,
      isbn: book.isbn,
      title: book.title,
      addedAt: now.toISOString(),
      addedByName: actor.name,
    };
  });
}

export function deleteFreeIsbn(deps: Deps, ctx: RequestContext, bookId: number) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(freeBooks).where(eq(freeBooks.bookId, bookId)).returning();
    if (!row) throw notFound('Free book');
    await recordAudit(tx, ctx, {
      action: 'free_book_removed',
      entity: 'free_book',
      entityId: bookId,
      before: { bookId, addedAt: row.createdAt.toISOString() },
    });
    return { ok: true as const };
  });
}

/**
 * Makes exactly `chosen` the book's free nodes, writing only the nodes whose
 * flag changes, with its audit row: before, the nodes of `rows` (the book's
 * nodes as they were) that were free; after, `audit.after`.
 */
export async function setChosen(
  tx: Tx,
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  change: {
    bookId: number;
    rows: NodeRow[];
    chosen: number[];
    audit: Pick<AuditInput, 'action' | 'after'>;
  },
) {
  const { bookId, chosen } = change;
  const was = change.rows.filter((r) => r.isFree).map((r) => r.id);
  const stamp = { updatedAt: deps.clock(), updatedBy: actor.id };
  await tx
    .update(tocNodes)
    .set({ isFree: false, ...stamp })
    .where(
      and(
        eq(tocNodes.bookId, bookId),
        eq(tocNodes.isFree, true),
        chosen.length ? not(inArray(tocNodes.id, chosen)) : undefined,
      ),
    );
  if (chosen.length)
    await tx
      .update(tocNodes)
      .set({ isFree: true, ...stamp })
      .where(and(inArray(tocNodes.id, chosen), eq(tocNodes.isFree, false)));
  await recordAudit(tx, ctx, {
    ...change.audit,
    entity: 'free_sample',
    entityId: bookId,
    before: { nodeIds: was },
  });
}

export function createFreeToc(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { bookId: number; nodeIds: number[] },
): Promise<FreeToc> {
  return deps.db.transaction(async (tx) => {
    const book = await lockBook(tx, input.bookId);
    const rows = await bookNodes(tx, book.id);
    const own = new Set(rows.map((r) => r.id));
    const chosen = [...new Set(input.nodeIds)];
    const foreign = chosen.filter((id) => !own.has(id));
    if (foreign.length) {
      const message = `TOC node${foreign.length === 1 ? '' : 's'} ${foreign.slice(0, 5).join(', ')} ${foreign.length === 1 ? 'is not a node' : 'are not nodes'} of "${book.title}"`;
      throw badRequest(message, [{ path: 'body.nodeIds', message }]);
    }
    await setChosen(tx, deps, ctx, actor, {
      bookId: book.id,
      rows,
      chosen,
      audit: { action: 'free_sample_set', after: { nodeIds: chosen } },
    });
    return readFreeToc(tx, book);
  });
}

export function updateFreeNode(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { nodeId: number; isFree: boolean },
): Promise<FreeToc> {
  return deps.db.transaction(async (tx) => {
    const { book, node } = await lockNodeBook(tx, input.nodeId, 'nodeId');
    if (node.isFree === input.isFree) {
      markUnchanged(ctx);
      return readFreeToc(tx, book);
    }
    await tx
      .update(tocNodes)
      .set({ isFree: input.isFree, updatedAt: deps.clock(), updatedBy: actor.id })
      .where(eq(tocNodes.id, node.id));
    await recordAudit(tx, ctx, {
      action: 'free_node_changed',
      entity: 'free_sample',
      entityId: book.id,
      before: { nodeId: node.id, title: node.title, isFree: node.isFree },
      after: { nodeId: node.id, isFree: input.isFree },
    });
    return readFreeToc(tx, book);
  });
}
