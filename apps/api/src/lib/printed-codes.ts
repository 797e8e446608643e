import {
  PRINTED_CODES_TO_LABELS,
  type PrintedCodesChoice,
  type PrintedCodesTo,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { recordAudit } from './audit-record.ts';
import { AppError, badRequest } from './errors.ts';
import {
  type NodeLink,
  type PrintedCode,
  type PrintedCodeTargets,
  printedCodesAt,
} from './printed-codes.queries.ts';
import type { RequestContext } from './request-context.ts';

export { codesWithContent, printedCodesImpact } from './printed-codes.queries.ts';

/**
 * Printed QR codes are never orphaned in silence (docs/domain.md, "Printed
 * codes"). Every write that deletes or replaces what codes point at (TOC
 * nodes, a whole TOC, a video), or removes the last content they open,
 * calls `settlePrintedCodes` inside its
 * transaction, before it deletes: the codes pointing there are found and
 * locked, and either pointed where the request says (`qrCodesTo`) or the
 * write is refused with 409 naming them. Paper cannot be recalled, so the
 * choice is the admin's, never a silent default.
 */

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
      'printed_codes_need_a_target',
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
    // Left as it is: its target stays, only without content.
    if (to === 'none' && c.stays) continue;
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
        because: c.stays ? 'its content was removed' : 'its target was deleted',
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
  const found = (
    await tx.execute<{ book_id: string | number | null }>(
      to === 'node'
        ? sql`select book_id from toc_nodes where id = ${id}`
        : sql`select null as book_id from media_items where id = ${id} and kind = 'video'`,
    )
  ).rows[0];
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
          `${c.code} points at ${c.targetKind === 'book' ? 'the whole book' : 'a top-level node'}, which has no parent node: choose the book or another node`,
        );
      }
      return { kind: 'toc_node', nodeId: at, videoId: null };
    }
  }
}
