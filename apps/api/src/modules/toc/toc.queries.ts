import type { ContentItem, Toc, TocNode } from '@bo/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { books, contentItems, mediaItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { signFileUrl } from '../../lib/storage/signed-url.ts';
import { bookOfIsbn } from '../books/index.ts';
import { fileLink, PLAY_LINK_TTL_MS } from '../media/index.ts';

type Signer = Pick<Deps, 'config' | 'clock'>;

/** The book holding an ISBN (main or extra), already normalized by the contract. */
export async function bookByIsbn(db: Db | Tx, isbn: string) {
  const book = await bookOfIsbn(db, isbn);
  if (!book) throw notFound(`Book with ISBN ${isbn}`);
  return book;
}

export type NodeRow = Omit<TocNode, 'children'> & { bookId: number };

/**
 * Every node of a book with its direct content count, in sibling order, as
 * ONE json value: PGlite hands each field of each row across its WebAssembly
 * boundary separately, so 1,000 nodes as rows cost ~10 ms there, as one
 * json_agg ~2 ms (and PostgreSQL sends one value instead of 1,000 rows).
 */
export async function bookNodes(db: Db | Tx, bookId: number): Promise<NodeRow[]> {
  const counts = db
    .select({ nodeId: contentItems.nodeId, n: count().as('n') })
    .from(contentItems)
    .innerJoin(tocNodes, eq(tocNodes.id, contentItems.nodeId))
    .where(eq(tocNodes.bookId, bookId))
    .groupBy(contentItems.nodeId)
    .as('counts');
  const [row] = await db
    .select({
      nodes: sql<NodeRow[]>`coalesce(json_agg(json_build_object(
        'id', ${tocNodes.id}, 'bookId', ${tocNodes.bookId}, 'parentId', ${tocNodes.parentId},
        'kind', ${tocNodes.kind}, 'title', ${tocNodes.title},
        'chapterId', ${tocNodes.chapterId}, 'topicId', ${tocNodes.topicId},
        'position', ${tocNodes.position}, 'isFree', ${tocNodes.isFree}, 'status', ${tocNodes.status},
        'contentCount', coalesce(${counts.n}, 0)
      ) order by ${tocNodes.position}, ${tocNodes.id}), '[]'::json)`,
    })
    .from(tocNodes)
    .leftJoin(counts, eq(counts.nodeId, tocNodes.id))
    .where(eq(tocNodes.bookId, bookId));
  return row?.nodes ?? [];
}

/** Nested tree from flat rows (already in sibling order); the rows are not changed. */
export function buildTree(rows: NodeRow[]): TocNode[] {
  const byId = new Map<number, TocNode>();
  for (const r of rows) {
    // Fields named rather than `{ bookId, ...rest }`: spreading 1,000 rows showed in profiles.
    byId.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      kind: r.kind,
      title: r.title,
      chapterId: r.chapterId,
      topicId: r.topicId,
      position: r.position,
      isFree: r.isFree,
      status: r.status,
      contentCount: r.contentCount,
      children: [],
    });
  }
  const top: TocNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : top).push(node);
  }
  return top;
}

export async function readToc(db: Db | Tx, book: { id: number; isbn: string; title: string }) {
  const rows = await bookNodes(db, book.id);
  return {
    book: { id: book.id, isbn: book.isbn, title: book.title },
    nodeCount: rows.length,
    nodes: buildTree(rows),
  } satisfies Toc;
}

export async function readTocOfBook(db: Db | Tx, bookId: number) {
  const [book] = await db
    .select({ id: books.id, isbn: books.isbn, title: books.title })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw notFound('Book');
  return readToc(db, book);
}

/** "Unit 1 › Chapter 2" for every node, from the book's rows. */
export function nodePaths(rows: Pick<NodeRow, 'id' | 'parentId' | 'title'>[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<number, string>();
  const pathOf = (id: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const p =
      node.parentId !== null && byId.has(node.parentId)
        ? `${pathOf(node.parentId)} › ${node.title}`
        : node.title;
    paths.set(id, p);
    return p;
  };
  for (const r of rows) pathOf(r.id);
  return paths;
}

/** The node and every node under it. */
export function subtreeIds(rows: Pick<NodeRow, 'id' | 'parentId'>[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

const contentFields = {
  id: contentItems.id,
  nodeId: contentItems.nodeId,
  kind: contentItems.kind,
  title: contentItems.title,
  position: contentItems.position,
  fileKey: contentItems.fileKey,
  fileMime: contentItems.fileMime,
  fileSize: contentItems.fileSize,
  fileSha256: contentItems.fileSha256,
  fileName: contentItems.fileName,
  pages: contentItems.pages,
  mediaItemId: contentItems.mediaItemId,
  url: contentItems.url,
  mediaFileKey: mediaItems.fileKey,
  mediaUrl: mediaItems.url,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
};

const selectContent = (db: Db | Tx) =>
  db
    .select(contentFields)
    .from(contentItems)
    .leftJoin(mediaItems, eq(mediaItems.id, contentItems.mediaItemId));

type ContentRecord = Awaited<ReturnType<typeof selectContent>>[number];

/** The signed `/api/book/contentfile` link of an uploaded PDF. */
export const pdfLink = (deps: Signer, id: number, key: string) =>
  `/api/book/contentfile?id=${id}&${signFileUrl(deps, key, PLAY_LINK_TTL_MS)}`;

export function toContentItem(deps: Signer, row: ContentRecord, nodePath: string): ContentItem {
  const { fileKey, fileMime, fileSize, fileSha256, fileName, mediaFileKey, mediaUrl, ...rest } =
    row;
  let openUrl: string | null = null;
  if (row.kind === 'pdf' && fileKey) openUrl = pdfLink(deps, row.id, fileKey);
  else if (row.mediaItemId)
    openUrl = mediaFileKey
      ? fileLink(deps, row.mediaItemId, 'file', mediaFileKey)
      : (mediaUrl ?? null);
  else if (row.url) openUrl = row.url;
  return {
    ...rest,
    nodePath,
    file:
      fileKey && fileMime
        ? {
            contentType: fileMime,
            size: fileSize ?? 0,
            sha256: fileSha256 ?? '',
            originalName: fileName ?? '',
          }
        : null,
    openUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A book's content items in TOC order (depth first, then position). */
export async function bookContent(deps: Signer & { db: Db | Tx }, bookId: number) {
  const rows = await bookNodes(deps.db, bookId);
  const paths = nodePaths(rows);
  const items = rows.length
    ? await selectContent(deps.db)
        .where(
          inArray(
            contentItems.nodeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(contentItems.position), asc(contentItems.id))
    : [];
  const order = new Map<number, number>();
  const walk = (nodes: TocNode[]) => {
    for (const n of nodes) {
      order.set(n.id, order.size);
      walk(n.children);
    }
  };
  walk(buildTree(rows));
  return items
    .sort((a, b) => order.get(a.nodeId)! - order.get(b.nodeId)!)
    .map((r) => toContentItem(deps, r, paths.get(r.nodeId) ?? ''));
}

/** One content item with its node path. */
export async function findContentItem(deps: Signer & { db: Db | Tx }, id: number) {
  const [row] = await selectContent(deps.db).where(eq(contentItems.id, id));
  if (!row) return undefined;
  const [node] = await deps.db
    .select({ bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(eq(tocNodes.id, row.nodeId));
  const paths = nodePaths(await bookNodes(deps.db, node!.bookId));
  return toContentItem(deps, row, paths.get(row.nodeId) ?? '');
}
