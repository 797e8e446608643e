import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookIsbns, books, freeBooks } from '../../db/schema/index.ts';
import { listPage } from '../../lib/list.ts';
import { hasSample, nodesOfBooks, OUTER_BOOK_ID } from './free-content.queries.ts';

/**
 * What the learner app caches of free content: active books that are free
 * as a whole or have a free sample, by pages of books in id order (stable
 * while the app walks the pages). A sample lists its open nodes: the chosen
 * ones and everything under them, leaving out inactive nodes and what is
 * under them (the app does not show those).
 */
export async function appFreeContent(db: Db, q: { page: number; pageSize: number }) {
  const isWhole = sql<boolean>`exists (select 1 from ${freeBooks} where ${freeBooks.bookId} = ${OUTER_BOOK_ID})`;
  const where = and(eq(books.status, 'active'), or(isWhole, hasSample));
  const page = await listPage(
    { ...q, order: 'asc' },
    db
      .select({ bookId: books.id, isbn: books.isbn, title: books.title, wholeBook: isWhole })
      .from(books)
      .where(where)
      .$dynamic(),
    [asc(books.id)],
    db.select({ n: count() }).from(books).where(where),
    (r) => r,
  );
  const ids = page.items.map((b) => b.bookId);
  const extra = ids.length
    ? await db
        .select({ bookId: bookIsbns.bookId, isbn: bookIsbns.isbn })
        .from(bookIsbns)
        .where(inArray(bookIsbns.bookId, ids))
        .orderBy(bookIsbns.isbn)
    : [];
  const nodes = await nodesOfBooks(
    db,
    page.items.filter((b) => !b.wholeBook).map((b) => b.bookId),
  );
  return {
    ...page,
    items: page.items.map((b) => ({
      ...b,
      extraIsbns: extra.filter((e) => e.bookId === b.bookId).map((e) => e.isbn),
      nodes: b.wholeBook ? [] : openNodes(nodes.filter((n) => n.bookId === b.bookId)),
    })),
  };
}

type Row = Awaited<ReturnType<typeof nodesOfBooks>>[number];

/** The open, active nodes of one book (rows in TOC order), parents before children. */
export function openNodes(rows: Row[]) {
  const children = new Map<number | null, Row[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out: { id: number; parentId: number | null; title: string }[] = [];
  const walk = (parentId: number | null, inherited: boolean) => {
    for (const r of children.get(parentId) ?? []) {
      if (r.status !== 'active') continue;
      const open = inherited || r.isFree;
      if (open) out.push({ id: r.id, parentId: r.parentId, title: r.title });
      walk(r.id, open);
    }
  };
  walk(null, false);
  return out;
}
