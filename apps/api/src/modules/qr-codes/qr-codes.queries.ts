import type { QrCode, QrTargetKind } from '@bo/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { books } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { HAS_CONTENT } from '../../lib/printed-codes.queries.ts';

/**
 * The SQL of QR codes. A code "has content" when a scan would open
 * something: a book with any content, a TOC node whose subtree holds
 * content or a practice, an active video. Raw SQL: the subtree test is a
 * recursive query per code, which the query builder cannot say.
 */

type CodeRow = {
  id: number | string;
  code: string;
  book_id: number | string | null;
  target_kind: QrTargetKind | null;
  toc_node_id: number | string | null;
  video_id: number | string | null;
  enabled: boolean;
  batch_id: number | string;
  created_at: Date | string;
  scans: number;
  title: string | null;
  isbn: string | null;
  book_title: string | null;
  last_scan_at: Date | string | null;
  has_content: boolean;
};

const CODE_COLUMNS = sql`q.id, q.code, q.book_id, q.target_kind, q.toc_node_id, q.video_id,
  q.enabled, q.batch_id, q.created_at,
  (select count(*) from qr_scans s where s.code_id = q.id)::int as scans,
  case q.target_kind when 'book' then b.title when 'video' then m.title end as title, b.isbn,
  b.title as book_title,
  (select max(s.scanned_at) from qr_scans s where s.code_id = q.id) as last_scan_at,
  ${HAS_CONTENT} as has_content`;

/** For the print: what a label shows, without the per-code content test and scan count. */
const LABEL_COLUMNS = sql`q.id, q.code, q.book_id, q.target_kind, q.toc_node_id, q.video_id,
  q.enabled, q.batch_id, q.created_at, 0 as scans,
  case q.target_kind when 'book' then b.title when 'video' then m.title end as title, b.isbn,
  b.title as book_title, null as last_scan_at, false as has_content`;

const CODE_FROM = sql`qr_codes q left join books b on b.id = q.book_id
  left join media_items m on m.id = q.video_id`;

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** "Unit 1 › Fractions › Halves" for each node id (root first). */
export async function nodePaths(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = (
    await db.execute<{
      start: number | string;
      path: string;
    }>(sql`with recursive up(start, id, parent_id, title, depth) as (
      select n.id, n.id, n.parent_id, n.title, 0 from toc_nodes n
        where n.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      union all
      select up.start, p.id, p.parent_id, p.title, up.depth + 1 from toc_nodes p
        join up on p.id = up.parent_id
    ) select start, string_agg(title, ' › ' order by depth desc) as path from up group by start`)
  ).rows;
  return new Map(rows.map((r) => [Number(r.start), r.path]));
}

/** Code rows as the contract shows them (TOC paths read in one query). */
async function present(db: Db | Tx, baseUrl: string, rows: CodeRow[]): Promise<QrCode[]> {
  const nodeIds = rows.flatMap((r) => (r.toc_node_id === null ? [] : [Number(r.toc_node_id)]));
  const paths = await nodePaths(db, nodeIds);
  return rows.map((r) => {
    const nodeId = num(r.toc_node_id);
    const targetId =
      r.target_kind === 'book'
        ? num(r.book_id)
        : r.target_kind === 'video'
          ? num(r.video_id)
          : nodeId;
    return {
      id: Number(r.id),
      code: r.code,
      url: `${baseUrl}/q/${r.code}`,
      bookId: num(r.book_id),
      bookIsbn: r.isbn,
      bookTitle: r.book_title,
      targetKind: r.target_kind,
      targetId,
      targetLabel:
        r.target_kind === 'toc_node'
          ? nodeId === null
            ? null
            : (paths.get(nodeId) ?? null)
          : r.title,
      hasContent: Boolean(r.has_content),
      enabled: Boolean(r.enabled),
      scans: Number(r.scans),
      lastScanAt: r.last_scan_at === null ? null : new Date(r.last_scan_at).toISOString(),
      batchId: Number(r.batch_id),
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

export interface CodePageParams {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: 'code' | 'created' | undefined;
  order: 'asc' | 'desc';
}

/** A page of codes matching `where` (a condition on `q`, `b`, `m`). */
export async function codePage(
  db: Db | Tx,
  baseUrl: string,
  where: SQL,
  params: CodePageParams,
  defaultSort: 'code' | 'created' = 'created',
) {
  const search = params.q ? sql` and q.code = ${params.q.toUpperCase()}` : sql``;
  const column = (params.sort ?? defaultSort) === 'code' ? sql`q.code` : sql`q.id`;
  const order = params.order === 'desc' ? sql`desc` : sql`asc`;
  const [rows, total] = await Promise.all([
    db.execute<CodeRow>(sql`select ${CODE_COLUMNS} from ${CODE_FROM} where ${where}${search}
      order by ${column} ${order} limit ${params.pageSize}
      offset ${(params.page - 1) * params.pageSize}`),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${CODE_FROM} where ${where}${search}`,
    ),
  ]);
  return {
    items: await present(db, baseUrl, rows.rows),
    total: Number(total.rows[0]?.n ?? 0),
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** A book's codes, with the book (404 when there is no such book). */
export async function bookCodePage(
  db: Db,
  baseUrl: string,
  bookId: number,
  params: CodePageParams,
) {
  const [book] = await db
    .select({ id: books.id, isbn: books.isbn, title: books.title })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw notFound('Book');
  return { ...(await codePage(db, baseUrl, sql`q.book_id = ${book.id}`, params)), book };
}

/** The video codes (the codes of no book). */
export const videoCodePage = (db: Db, baseUrl: string, params: CodePageParams) =>
  codePage(db, baseUrl, sql`q.book_id is null`, params);

/** The enabled codes whose scan would open nothing. */
export const codesWithoutContentPage = (db: Db, baseUrl: string, params: CodePageParams) =>
  codePage(db, baseUrl, sql`q.enabled and not ${HAS_CONTENT}`, params);

/**
 * Codes by id, in the given order (answers of writes; `forLabels`: the print,
 * which needs no content flag or scan count).
 */
export async function codesByIds(db: Db | Tx, baseUrl: string, ids: number[], forLabels = false) {
  if (!ids.length) return [];
  const columns = forLabels ? LABEL_COLUMNS : CODE_COLUMNS;
  const rows = (
    await db.execute<CodeRow>(sql`select ${columns} from ${CODE_FROM}
      where q.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
  ).rows;
  const byId = new Map((await present(db, baseUrl, rows)).map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Ids of the codes matching `where`, in the order they were made. */
export async function codeIds(db: Db | Tx, where: SQL, limit: number): Promise<number[]> {
  const rows = (
    await db.execute<{ id: number | string }>(
      sql`select q.id from qr_codes q where ${where} order by q.id limit ${limit}`,
    )
  ).rows;
  return rows.map((r) => Number(r.id));
}

export interface QrBookParams {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: 'title' | 'isbn' | 'codes' | undefined;
  order: 'asc' | 'desc';
}

/** Books having codes, with their counts. */
export async function qrBooksPage(db: Db, params: QrBookParams) {
  const search = params.q
    ? sql` and (b.title ilike ${`%${params.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or b.isbn = ${params.q})`
    : sql``;
  const column =
    params.sort === 'isbn' ? sql`b.isbn` : params.sort === 'codes' ? sql`codes` : sql`b.title`;
  const order = params.order === 'desc' ? sql`desc` : sql`asc`;
  type Row = {
    id: number | string;
    isbn: string;
    title: string;
    codes: number;
    without_content: number;
    disabled: number;
    scans: number;
  };
  const [rows, total] = await Promise.all([
    db.execute<Row>(sql`select b.id, b.isbn, b.title,
        count(*)::int as codes,
        count(*) filter (where not ${HAS_CONTENT})::int as without_content,
        count(*) filter (where not q.enabled)::int as disabled,
        coalesce(sum((select count(*) from qr_scans s where s.code_id = q.id)), 0)::int as scans
      from qr_codes q join books b on b.id = q.book_id
      where true${search}
      group by b.id order by ${column} ${order}, b.id limit ${params.pageSize}
      offset ${(params.page - 1) * params.pageSize}`),
    db.execute<{ n: number }>(sql`select count(distinct q.book_id)::int as n from qr_codes q
      join books b on b.id = q.book_id where true${search}`),
  ]);
  return {
    items: rows.rows.map((r) => ({
      bookId: Number(r.id),
      isbn: r.isbn,
      title: r.title,
      codes: Number(r.codes),
      withoutContent: Number(r.without_content),
      disabled: Number(r.disabled),
      scans: Number(r.scans),
    })),
    total: Number(total.rows[0]?.n ?? 0),
    page: params.page,
    pageSize: params.pageSize,
  };
}
