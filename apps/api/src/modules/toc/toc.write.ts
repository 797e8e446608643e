import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contentItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { lockBookRow } from '../books/index.ts';
import { bookNodes } from './toc.queries.ts';

/**
 * What every TOC write shares: it locks the book's row first, so two editors
 * of one TOC take turns and sibling positions stay 0..n-1; uploaded PDFs of
 * removed content are deleted from storage after the commit.
 */

export const invalid = (path: string, message: string) =>
  badRequest(message, [{ path: `body.${path}`, message }]);

export async function lockBook(tx: Tx, bookId: number) {
  const row = await lockBookRow(tx, bookId);
  if (!row) throw notFound('Book');
  return row;
}

/** The node's book, locked, with all its nodes; 404 for an unknown node. */
export async function lockNodeBook(tx: Tx, nodeId: number, path = 'id') {
  const [node] = await tx
    .select({ bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(eq(tocNodes.id, nodeId));
  if (!node) throw notFound(path === 'id' ? 'TOC node' : `TOC node ${nodeId}`);
  const book = await lockBook(tx, node.bookId);
  const rows = await bookNodes(tx, book.id);
  const row = rows.find((r) => r.id === nodeId);
  // Deleted between the first read and the lock.
  if (!row) throw notFound('TOC node');
  return { book, rows, node: row };
}

/** Storage keys of the uploaded PDFs on these nodes. */
export async function pdfKeysOf(tx: Tx, nodeIds: number[]) {
  if (!nodeIds.length) return [];
  const rows = await tx
    .select({ key: contentItems.fileKey })
    .from(contentItems)
    .where(and(inArray(contentItems.nodeId, nodeIds), isNotNull(contentItems.fileKey)));
  return rows.map((r) => r.key!);
}

/** After the commit: a file left behind is only wasted space, never a broken row. */
export async function removeFiles(deps: Deps, keys: string[]) {
  for (const key of keys) await deps.storage.delete(key).catch(() => undefined);
}
