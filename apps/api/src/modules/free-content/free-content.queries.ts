import type { FreeToc, FreeTocNode, freeBooksQuery, sampleBooksQuery } from '@bo/contract';
import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { admins, books, freeBooks, tocNodes } from '../../db/schema/index.ts';
import { listPage, sortOrder } from '../../lib/list.ts';
import { bookSearch } from '../books/index.ts';
import { bookNodes, type NodeRow } from '../toc/index.ts';

/**
 * Reads of free content. The sample is the TOC nodes' own `is_free` flag; a
 * node is open to learners when it or a node above it has the flag
 * (`freeByParent`), so a free chapter opens its topics, a node moved under a
 * free node opens with it, and a deleted node takes its flag with it.
 */

type Book = { id: number; isbn: string; title: string };

/** The TOC tree with both flags, from the book's rows (in sibling order). */
export function freeTree(rows: NodeRow[]) {
  const byId = new Map<number, FreeTocNode>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      kind: r.kind,
      title: r.title,
      chapterId: r.chapterId,
      topicId: r.topicId,
      status: r.status,
      isFree: r.isFree,
      freeByParent: false,
      children: [],
    });
  }
  const top: FreeTocNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : top).push(node);
  }
  let open = 0;
  const walk = (nodes: FreeTocNode[], inherited: boolean) => {
    for (const n of nodes) {
      n.freeByParent = inherited;
      if (n.isFree || inherited) open++;
      walk(n.children, inherited || n.isFree);
    }
  };
  walk(top, false);
  return { nodes: top, open };
}

export async function isFreeBook(db: Db | Tx, bookId: number) {
  const [row] = await db
    .select({ id: freeBooks.id })
    .from(freeBooks)
    .where(eq(freeBooks.bookId, bookId));
  return Boolean(row);
}

export async function readFreeToc(db: Db | Tx, book: Book): Promise<FreeToc> {
  const rows = await bookNodes(db, book.id);
  const tree = freeTree(rows);
  return {
    book: { id: book.id, isbn: book.isbn, title: book.title },
    freeBook: await isFreeBook(db, book.id),
    nodeCount: rows.length,
    chosenCount: rows.filter((r) => r.isFree).length,
    openCount: tree.open,
    nodes: tree.nodes,
  };
}

const adder = alias(admins, 'adder');

const FREE_SORT = { title: books.title, isbn: books.isbn, addedAt: freeBooks.createdAt } as const;

export function listFreeBooks(db: Db, q: z.infer<typeof freeBooksQuery>) {
  const where = bookSearch(q.q);
  const order = q.sort
    ? sortOrder(q, FREE_SORT, 'addedAt', freeBooks.id)
    : [desc(freeBooks.createdAt), desc(freeBooks.id)];
  return listPage(
    q,
    db
      .select({
        bookId: books.id,
        isbn: books.isbn,
        title: books.title,
        addedAt: freeBooks.createdAt,
        addedByName: adder.name,
      })
      .from(freeBooks)
      .innerJoin(books, eq(books.id, freeBooks.bookId))
      .leftJoin(adder, eq(adder.id, freeBooks.createdBy))
      .where(where)
      .$dynamic(),
    order,
    db
      .select({ n: count() })
      .from(freeBooks)
      .innerJoin(books, eq(books.id, freeBooks.bookId))
      .where(where),
    (r) => ({ ...r, addedAt: r.addedAt.toISOString() }),
  );
}

/**
 * The outer book's id, written out: drizzle leaves a column unqualified in a
 * select's fields, where "id" inside a subquery would be the subquery's own.
 */
export const OUTER_BOOK_ID = sql.raw('"books"."id"');

/** The book has at least one chosen node (the partial index on free nodes answers it). */
export const hasSample = exists(
  sql`(select 1 from ${tocNodes} where ${tocNodes.bookId} = ${OUTER_BOOK_ID} and ${tocNodes.isFree})`,
);

const SAMPLE_SORT = { title: books.title, isbn: books.isbn } as const;

export function listSampleBooks(db: Db, q: z.infer<typeof sampleBooksQuery>) {
  const where = and(hasSample, bookSearch(q.q));
  return listPage(
    q,
    db
      .select({
        bookId: books.id,
        isbn: books.isbn,
        title: books.title,
        nodeCount: sql<number>`(select count(*)::int from ${tocNodes} where ${tocNodes.bookId} = ${OUTER_BOOK_ID})`,
        chosenCount: sql<number>`(select count(*)::int from ${tocNodes} where ${tocNodes.bookId} = ${OUTER_BOOK_ID} and ${tocNodes.isFree})`,
        freeBook: sql<boolean>`exists (select 1 from ${freeBooks} where ${freeBooks.bookId} = ${OUTER_BOOK_ID})`,
      })
      .from(books)
      .where(where)
      .$dynamic(),
    sortOrder(q, SAMPLE_SORT, 'title', books.id),
    db.select({ n: count() }).from(books).where(where),
    (r) => r,
  );
}

/** Chosen node ids of a book, in TOC order. */
export async function chosenNodes(db: Db | Tx, bookId: number) {
  const rows = await bookNodes(db, bookId);
  return rows.filter((r) => r.isFree);
}

export async function nodesOfBooks(db: Db | Tx, bookIds: number[]) {
  if (!bookIds.length) return [];
  return db
    .select({
      id: tocNodes.id,
      bookId: tocNodes.bookId,
      parentId: tocNodes.parentId,
      title: tocNodes.title,
      isFree: tocNodes.isFree,
      status: tocNodes.status,
    })
    .from(tocNodes)
    .where(inArray(tocNodes.bookId, bookIds))
    .orderBy(tocNodes.bookId, tocNodes.position, tocNodes.id);
}
