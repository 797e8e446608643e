import type { CloneFreeTocResponse } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { bookNodes, lockBook, type NodeRow, nodePaths } from '../toc/index.ts';
import { readFreeToc } from './free-content.queries.ts';
import { setChosen } from './free-content.service.ts';

/** How a source node found its counterpart. */
export type MatchedBy = 'master' | 'title';

/** Titles compare without case, width variants or extra spaces ("Unit 1:  Numbers" = "unit 1: numbers"). */
const normTitle = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function groupBy<K>(rows: NodeRow[], key: (r: NodeRow) => K | null) {
  const out = new Map<K, NodeRow[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

/**
 * Every source node's counterpart in the target book: first the node linked
 * to the same master topic (or, for a chapter node, the same master chapter),
 * then a node with the same title. Among several candidates the one under
 * the counterpart of the source's parent wins, then one of the same kind,
 * then the first in TOC order; a target node is used once. Parents are
 * matched before their children (a walk from the top), so two "Exercises"
 * sections land under their own chapters.
 */
export function matchNodes(source: NodeRow[], target: NodeRow[]) {
  const byTopic = groupBy(target, (r) => r.topicId);
  const byChapter = groupBy(target, (r) => (r.topicId === null ? r.chapterId : null));
  const byTitle = groupBy(target, (r) => normTitle(r.title));
  const used = new Set<number>();
  const matched = new Map<number, { id: number; by: MatchedBy }>();

  const pick = (candidates: NodeRow[] | undefined, node: NodeRow) => {
    const parent = node.parentId === null ? null : (matched.get(node.parentId)?.id ?? undefined);
    const free = (candidates ?? []).filter((c) => !used.has(c.id));
    const score = (c: NodeRow) => (c.parentId === parent ? 0 : 2) + (c.kind === node.kind ? 0 : 1);
    return free.reduce<NodeRow | undefined>(
      (best, c) => (!best || score(c) < score(best) ? c : best),
      undefined,
    );
  };

  const children = groupBy(source, (r) => r.parentId);
  const visit = (node: NodeRow) => {
    const master =
      node.topicId !== null
        ? byTopic.get(node.topicId)
        : node.chapterId !== null
          ? byChapter.get(node.chapterId)
          : undefined;
    const byMaster = pick(master, node);
    const hit = byMaster ?? pick(byTitle.get(normTitle(node.title)), node);
    if (hit) {
      used.add(hit.id);
      matched.set(node.id, { id: hit.id, by: byMaster ? 'master' : 'title' });
    }
    for (const child of children.get(node.id) ?? []) visit(child);
  };
  for (const top of source.filter((r) => r.parentId === null)) visit(top);
  return matched;
}

export function cloneFreeToc(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { bookId: number; fromBookId: number },
): Promise<CloneFreeTocResponse> {
  return deps.db.transaction(async (tx) => {
    if (input.bookId === input.fromBookId) {
      const message = 'Choose another book to copy the free sample from';
      throw badRequest(message, [{ path: 'body.fromBookId', message }]);
    }
    // Both books locked, the lower id first: two copies between the same books never wait crosswise.
    const [first, second] = [input.bookId, input.fromBookId].sort((a, b) => a - b);
    const locked = new Map([
      [first!, await lockBook(tx, first!)],
      [second!, await lockBook(tx, second!)],
    ]);
    const book = locked.get(input.bookId)!;
    const from = locked.get(input.fromBookId)!;
    const sourceRows = await bookNodes(tx, from.id);
    const sourceChosen = sourceRows.filter((r) => r.isFree);
    if (!sourceChosen.length) {
      const message = `"${from.title}" has no free sample to copy`;
      throw conflict(message, [{ path: 'body.fromBookId', message }]);
    }
    const targetRows = await bookNodes(tx, book.id);
    const matches = matchNodes(sourceRows, targetRows);
    const chosen: number[] = [];
    const unmatched: number[] = [];
    let byMaster = 0;
    for (const n of sourceChosen) {
      const m = matches.get(n.id);
      if (!m) {
        unmatched.push(n.id);
        continue;
      }
      chosen.push(m.id);
      if (m.by === 'master') byMaster++;
    }
    await setChosen(tx, deps, ctx, actor, {
      bookId: book.id,
      rows: targetRows,
      chosen,
      audit: {
        action: 'free_sample_cloned',
        after: { fromBookId: from.id, nodeIds: chosen, unmatchedSourceNodeIds: unmatched },
      },
    });
    const paths = nodePaths(sourceRows);
    return {
      toc: await readFreeToc(tx, book),
      byMaster,
      byTitle: chosen.length - byMaster,
      unmatched: unmatched.map((id) => ({ id, path: paths.get(id) ?? '' })),
    };
  });
}
