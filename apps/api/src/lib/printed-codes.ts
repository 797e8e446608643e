import {
  PRINTED_CODES_NEED_A_TARGET,
  PRINTED_CODES_TO_LABELS,
  type PrintedCodesChoice,
  type PrintedCodesTo,
} from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { AppError, badRequest } from './errors.ts';
import type { RequestContext } from './request-context.ts';

/**
 * Printed QR codes are never orphaned in silence (docs/domain.md, "Printed
 * codes"). Every write that deletes or replaces what codes point at (TOC
 * nodes, a whole TOC, a video) calls `settlePrintedCodes` inside its
 * transaction, before it deletes: the codes pointing there are found and
 * locked, and either pointed where the request says (`qrCodesTo`) or the
 * write is refused with 409 naming them. Paper cannot be recalled, so the
 * choice is the admin's, never a silent default.
 */

/** What is about to go. */
export interface PrintedCodeTargets {
  nodeIds?: readonly number[];
  videoIds?: readonly number[];
}

export interface PrintedCode {
  id: number;
  code: string;
  bookId: number | null;
  isbn: string | null;
  bookTitle: string | null;
  targetKind: 'toc_node' | 'video';
  nodeId: number | null;
  videoId: number | null;
  /** The TOC path ("Unit 1 › Fractions") or the video's title. */
  target: string;
  scans30Days: number;
  lastScanAt: Date | null;
}

const DAY_MS = 86_400_000;
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface NodeLink {
  parentId: number | null;
  bookId: number;
  title: string;
}

/** Every node of the given books (id → parent, book, title): paths and surviving parents. */
async function nodesOfBooks(db: Db | Tx, bookIds: number[]): Promise<Map<number, NodeLink>> {
  if (!bookIds.length) return new Map();
  const rows = rowsOf<{
    id: string | number;
    parent_id: string | number | null;
    book_id: string | number;
    title: string;
  }>(
    await db.execute(
      sql`select id, parent_id, book_id, title from toc_nodes where book_id in (${list(bookIds)})`,
    ),
  );
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
  const where: SQL[] = [];
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
    target_kind: 'toc_node' | 'video';
    toc_node_id: string | number | null;
    video_id: string | number | null;
    video_title: string | null;
    scans: number;
    last_scan_at: Date | string | null;
  };
  const rows = rowsOf<Row>(
    await db.execute(sql`select q.id, q.code, q.book_id, b.isbn, b.title as book_title,
        q.target_kind, q.toc_node_id, q.video_id, m.title as video_title,
        (select count(*) from qr_scans s where s.code_id = q.id
          and s.scanned_at >= ${since}::timestamptz)::int as scans,
        (select max(s.scanned_at) from qr_scans s where s.code_id = q.id) as last_scan_at
      from qr_codes q left join books b on b.id = q.book_id
        left join media_items m on m.id = q.video_id
      where ${sql.join(where, sql` or `)}
      order by b.title nulls last, q.code${lock ? sql` for update of q` : sql``}`),
  );
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
      nodeId,
      videoId: r.video_id === null ? null : Number(r.video_id),
      target: nodeId === null ? (r.video_title ?? '') : pathOf(nodes, nodeId),
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line per code for the 409's details: book, ISBN, where it points, scans. */
function describe(c: PrintedCode) {
  const where = c.bookTitle
    ? `"${c.bookTitle}" (ISBN ${c.isbn}) › ${c.target}`
    : `video "${c.target}"`;
  const last = c.lastScanAt ? `, last scan ${c.lastScanAt.toISOString().slice(0, 10)}` : '';
  return `${c.code}: ${where}; ${plural(c.scans30Days, 'scan')} in the last 30 days${last}`;
}

function orList(words: string[]) {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

export interface SettleInput {
  targets: PrintedCodeTargets;
  choice: PrintedCodesChoice;
  /** The choices this write offers (a whole TOC replaced has no parent node to offer). */
  offer: readonly Exclude<PrintedCodesTo, 'none'>[];
  /** Where the choice was sent, for the path of a 400: `body` or `query`. */
  from: 'body' | 'query';
  now: Date;
  actorId: number | null;
}

/**
 * Finds the codes pointing at what the write removes and applies the choice
 * to them, in the write's transaction and before its delete; refuses (409)
 * when codes point there and no choice was sent. Answers how many codes moved
 * and their scans in the last 30 days (for the write's answer and audit).
 */
export async function settlePrintedCodes(tx: Tx, ctx: RequestContext, input: SettleInput) {
  const { codes, nodes } = await printedCodesAt(tx, input.targets, input.now, true);
  const scans30Days = codes.reduce((n, c) => n + c.scans30Days, 0);
  const to = input.choice.qrCodesTo;
  if (!codes.length) return { qrCodes: 0, qrScans30Days: 0, to: null };
  if (!to) {
    const options = input.offer.map((o) => PRINTED_CODES_TO_LABELS[o].toLowerCase());
    throw new AppError(
      409,
      PRINTED_CODES_NEED_A_TARGET,
      `${plural(codes.length, 'printed QR code')} ${codes.length === 1 ? 'points' : 'point'} at what this removes (${plural(scans30Days, 'scan')} in the last 30 days). Choose where ${codes.length === 1 ? 'it' : 'they'} should point next (${orList(options)}), or leave ${codes.length === 1 ? 'it' : 'them'} without content`,
      codes.map((c) => ({ path: `qrCodes.${c.code}`, message: describe(c) })),
    );
  }
  const fail = (field: 'qrCodesTo' | 'qrCodesTargetId', message: string) =>
    badRequest(message, [{ path: `${input.from}.${field}`, message }]);
  if (to !== 'none' && !input.offer.includes(to)) {
    throw fail('qrCodesTo', `"${PRINTED_CODES_TO_LABELS[to]}" is not a choice here`);
  }
  const goes = new Set(input.targets.nodeIds ?? []);
  const target = await chosenTarget(tx, to, input.choice.qrCodesTargetId, input.targets, fail);
  for (const c of codes) {
    const next = nextTarget(c, to, target, nodes, goes, fail);
    await tx.execute(sql`update qr_codes set target_kind = ${next.kind}, toc_node_id = ${next.nodeId},
      video_id = ${next.videoId}, updated_at = ${input.now.toISOString()}::timestamptz,
      updated_by = ${input.actorId} where id = ${c.id}`);
    await recordAudit(tx, ctx, {
      action: 'qr_code_retargeted',
      entity: 'qr_code',
      entityId: c.id,
      before: { qr: c.code, target: { kind: c.targetKind, id: c.nodeId ?? c.videoId } },
      after: {
        qr: c.code,
        target: {
          kind: next.kind,
          id: next.nodeId ?? next.videoId ?? (next.kind === 'book' ? c.bookId : null),
        },
        because: 'its target was deleted',
      },
    });
  }
  return { qrCodes: codes.length, qrScans30Days: scans30Days, to };
}

type Fail = (field: 'qrCodesTo' | 'qrCodesTargetId', message: string) => AppError;

/** The node or video named by `qrCodesTargetId`, checked to exist and to stay. */
async function chosenTarget(
  tx: Tx,
  to: PrintedCodesTo,
  id: number | undefined,
  targets: PrintedCodeTargets,
  fail: Fail,
) {
  if (to !== 'node' && to !== 'video') return null;
  if (id === undefined)
    throw fail(
      'qrCodesTargetId',
      `Choose the ${to === 'node' ? 'TOC node' : 'video'} the codes should point at`,
    );
  const gone = to === 'node' ? targets.nodeIds : targets.videoIds;
  if (gone?.includes(id))
    throw fail('qrCodesTargetId', `That ${to === 'node' ? 'node' : 'video'} is being deleted too`);
  const found = rowsOf<{ book_id: string | number | null }>(
    await tx.execute(
      to === 'node'
        ? sql`select book_id from toc_nodes where id = ${id}`
        : sql`select null as book_id from media_items where id = ${id} and kind = 'video'`,
    ),
  )[0];
  if (!found) throw fail('qrCodesTargetId', to === 'node' ? 'No such TOC node' : 'No such video');
  return { id, bookId: found.book_id === null ? null : Number(found.book_id) };
}

function nextTarget(
  c: PrintedCode,
  to: PrintedCodesTo,
  chosen: { id: number; bookId: number | null } | null,
  nodes: Map<number, NodeLink>,
  goes: Set<number>,
  fail: Fail,
): { kind: 'book' | 'toc_node' | 'video'; nodeId: number | null; videoId: number | null } {
  switch (to) {
    case 'none':
      // The kind stays: the list still says what the code pointed at ("deleted").
      return { kind: c.targetKind, nodeId: null, videoId: null };
    case 'book':
      if (c.bookId === null) {
        throw fail(
          'qrCodesTo',
          `${c.code} is a video's code, printed in no book: choose another video or leave it without content`,
        );
      }
      return { kind: 'book', nodeId: null, videoId: null };
    case 'video':
      return { kind: 'video', nodeId: null, videoId: chosen!.id };
    case 'node':
      if (c.bookId !== chosen!.bookId) {
        throw fail(
          'qrCodesTargetId',
          `${c.code} is printed in another book: a code points within its own book`,
        );
      }
      return { kind: 'toc_node', nodeId: chosen!.id, videoId: null };
    case 'parent': {
      let at = c.nodeId === null ? null : (nodes.get(c.nodeId)?.parentId ?? null);
      while (at !== null && goes.has(at)) at = nodes.get(at)?.parentId ?? null;
      if (at === null) {
        throw fail(
          'qrCodesTo',
          `${c.code} points at a top-level node, which has no parent left: choose the book or another node`,
        );
      }
      return { kind: 'toc_node', nodeId: at, videoId: null };
    }
  }
}
