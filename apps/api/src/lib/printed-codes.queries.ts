import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** The reads of printed-codes.ts: which codes point at what goes, with their scans and paths. */

/**
 * The has-content test of the code aliased `q`, as a boolean expression: a
 * scan would open something (a book with any content, a TOC node whose
 * subtree holds content or a practice, an active video).
 */
export const HAS_CONTENT = sql`(case q.target_kind
  when 'book' then exists (select 1 from content_items ci join toc_nodes n on n.id = ci.node_id
    where n.book_id = q.book_id)
  when 'video' then exists (select 1 from media_items m where m.id = q.video_id and m.status = 'active')
  when 'toc_node' then q.toc_node_id is not null and exists (
    with recursive sub(id) as (
      select q.toc_node_id
      union all
      select c.id from toc_nodes c join sub on c.parent_id = sub.id
    )
    select 1 from sub where exists (select 1 from content_items ci where ci.node_id = sub.id)
      or exists (select 1 from assessments a where a.toc_node_id = sub.id))
  else false end)`;

/** What is about to go; `codeIds`: codes whose target stays but would lead nowhere. */
export interface PrintedCodeTargets {
  nodeIds?: readonly number[];
  videoIds?: readonly number[];
  codeIds?: readonly number[];
}

export interface PrintedCode {
  id: number;
  code: string;
  bookId: number | null;
  isbn: string | null;
  bookTitle: string | null;
  targetKind: 'book' | 'toc_node' | 'video';
  /** The target stays (its content goes): "leave them" changes nothing. */
  stays: boolean;
  nodeId: number | null;
  videoId: number | null;
  /** The TOC path ("Unit 1 › Fractions") or the video's title. */
  target: string;
  scans30Days: number;
  lastScanAt: Date | null;
}

const DAY_MS = 86_400_000;
export const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
export interface NodeLink {
  parentId: number | null;
  bookId: number;
  title: string;
}

/** Every node of the given books (id → parent, book, title): paths and surviving parents. */
async function nodesOfBooks(db: Db | Tx, bookIds: number[]): Promise<Map<number, NodeLink>> {
  if (!bookIds.length) return new Map();
  const rows = (
    await db.execute<{
      id: string | number;
      parent_id: string | number | null;
      book_id: string | number;
      title: string;
    }>(sql`select id, parent_id, book_id, title from toc_nodes where book_id in (${list(bookIds)})`)
  ).rows;
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        bookId: Number(r.book_id),
        title: r.title,
      },
    ]),
  );
}

function pathOf(nodes: Map<number, NodeLink>, id: number) {
  const titles: string[] = [];
  for (let at: number | null = id; at !== null && titles.length < 50; ) {
    const node = nodes.get(at);
    if (!node) break;
    titles.unshift(node.title);
    at = node.parentId;
  }
  return titles.join(' › ');
}

/**
 * The codes pointing at `targets`, with their scans in the 30 days up to
 * `now`, and the nodes of their books. `lock`: inside the write, so that no
 * retarget of one of them slips between the check and the delete.
 */
export async function printedCodesAt(
  db: Db | Tx,
  targets: PrintedCodeTargets,
  now: Date,
  lock = false,
) {
  const nodeIds = targets.nodeIds ?? [];
  const videoIds = targets.videoIds ?? [];
  const codeIds = targets.codeIds ?? [];
  const where: SQL[] = [];
  if (codeIds.length) where.push(sql`q.id in (${list(codeIds)})`);
  if (nodeIds.length)
    where.push(sql`(q.target_kind = 'toc_node' and q.toc_node_id in (${list(nodeIds)}))`);
  if (videoIds.length)
    where.push(sql`(q.target_kind = 'video' and q.video_id in (${list(videoIds)}))`);
  if (!where.length) return { codes: [] as PrintedCode[], nodes: new Map<number, NodeLink>() };
  const since = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  type Row = {
    id: string | number;
    code: string;
    book_id: string | number | null;
    isbn: string | null;
    book_title: string | null;
    target_kind: 'book' | 'toc_node' | 'video';
    toc_node_id: string | number | null;
    video_id: string | number | null;
    video_title: string | null;
    scans: number;
    last_scan_at: Date | string | null;
  };
  const rows = (
    await db.execute<Row>(sql`select q.id, q.code, q.book_id, b.isbn, b.title as book_title,
        q.target_kind, q.toc_node_id, q.video_id, m.title as video_title,
        (select count(*) from qr_scans s where s.code_id = q.id
          and s.scanned_at >= ${since}::timestamptz)::int as scans,
        (select max(s.scanned_at) from qr_scans s where s.code_id = q.id) as last_scan_at
      from qr_codes q left join books b on b.id = q.book_id
        left join media_items m on m.id = q.video_id
      where ${sql.join(where, sql` or `)}
      order by b.title nulls last, q.code${lock ? sql` for update of q` : sql``}`)
  ).rows;
  const bookIds = [
    ...new Set(rows.flatMap((r) => (r.book_id === null ? [] : [Number(r.book_id)]))),
  ];
  const nodes = await nodesOfBooks(db, bookIds);
  const codes = rows.map((r): PrintedCode => {
    const nodeId = r.toc_node_id === null ? null : Number(r.toc_node_id);
    return {
      id: Number(r.id),
      code: r.code,
      bookId: r.book_id === null ? null : Number(r.book_id),
      isbn: r.isbn,
      bookTitle: r.book_title,
      targetKind: r.target_kind,
      stays: codeIds.includes(Number(r.id)),
      nodeId,
      videoId: r.video_id === null ? null : Number(r.video_id),
      target:
        r.target_kind === 'book'
          ? 'the whole book'
          : nodeId === null
            ? (r.video_title ?? '')
            : pathOf(nodes, nodeId),
      scans30Days: Number(r.scans),
      lastScanAt: r.last_scan_at === null ? null : new Date(r.last_scan_at),
    };
  });
  return { codes, nodes };
}

/** How many codes point at `targets` and their scans in 30 days: the question asked before a delete. */
export async function printedCodesImpact(db: Db | Tx, targets: PrintedCodeTargets, now: Date) {
  const { codes } = await printedCodesAt(db, targets, now);
  return { qrCodes: codes.length, qrScans30Days: codes.reduce((n, c) => n + c.scans30Days, 0) };
}
/**
 * Codes a scan would find content for now, among those pointing at the
 * nodes or at the book: asked before and after a write that removes
 * content, the difference is what it would leave leading nowhere.
 */
export async function codesWithContent(db: Db | Tx, bookId: number, nodeIds: readonly number[]) {
  const onNodes = nodeIds.length
    ? sql` or (q.target_kind = 'toc_node' and q.toc_node_id in (${list(nodeIds)}))`
    : sql``;
  const rows = (
    await db.execute<{ id: string | number }>(sql`select q.id from qr_codes q
      where q.enabled and ((q.target_kind = 'book' and q.book_id = ${bookId})${onNodes})
        and ${HAS_CONTENT}`)
  ).rows;
  return rows.map((r) => Number(r.id));
}
