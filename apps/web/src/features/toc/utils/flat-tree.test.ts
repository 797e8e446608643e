import type { TocNode } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import {
  dropTarget,
  flattenVisible,
  isInSubtree,
  masterChapterOf,
  moveInTree,
  project,
  subtreeIds,
} from './flat-tree.ts';

const n = (id: number, parentId: number | null, position: number, children: TocNode[] = []) =>
  ({
    id,
    parentId,
    kind: 'chapter',
    title: `N${id}`,
    chapterId: null,
    topicId: null,
    position,
    isFree: false,
    status: 'active',
    contentCount: 0,
    children,
  }) as TocNode;

// 1
//   2
//   3
//     4
// 5
const tree = [n(1, null, 0, [n(2, 1, 0), n(3, 1, 1, [n(4, 3, 0)])]), n(5, null, 1)];
const none = new Set<number>();
const INDENT = 24;
const ids = (nodes: TocNode[]): unknown =>
  nodes.map((x) => (x.children.length ? [x.id, ids(x.children)] : x.id));

describe('flattenVisible', () => {
  it('lists rows depth first with their depth and leaves out rows under hidden nodes', () => {
    expect(flattenVisible(tree, none).map((r) => [r.id, r.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 0],
    ]);
    expect(flattenVisible(tree, new Set([3])).map((r) => r.id)).toEqual([1, 2, 3, 5]);
    expect(flattenVisible(tree, new Set([1])).map((r) => r.id)).toEqual([1, 5]);
  });
});

describe('subtree checks', () => {
  it('knows a node, its descendants and the rest', () => {
    expect(subtreeIds(tree[0]!)).toEqual([1, 2, 3, 4]);
    expect(isInSubtree(tree, 1, 4)).toBe(true);
    expect(isInSubtree(tree, 3, 3)).toBe(true);
    expect(isInSubtree(tree, 3, 2)).toBe(false);
    expect(isInSubtree(tree, 3, null)).toBe(false);
  });
});

describe('project and dropTarget', () => {
  // While 3 is dragged its child 4 travels with it.
  const rows = flattenVisible(tree, new Set([3]));
  const all = flattenVisible(tree, none);
  const drop = (items: typeof rows, id: number, over: number, levels: number, hidden = none) =>
    dropTarget(items, id, over, levels * INDENT, INDENT, hidden);

  it('keeps the depth with no horizontal offset: 3 dropped over 2 goes first under 1', () => {
    expect(project(rows, 3, 2, 0, INDENT)).toEqual({ depth: 1, parentId: 1, afterId: null });
    expect(drop(rows, 3, 2, 0)).toEqual({ id: 3, parentId: 1, position: 0 });
  });

  it('nests under the row above when dragged right, at most one level deeper', () => {
    expect(project(rows, 3, 3, 5 * INDENT, INDENT)).toEqual({
      depth: 2,
      parentId: 2,
      afterId: null,
    });
    expect(drop(rows, 3, 3, 5)).toEqual({ id: 3, parentId: 2, position: 0 });
  });

  it('climbs out when dragged left, after its old parent', () => {
    expect(project(rows, 3, 3, -INDENT, INDENT)).toEqual({ depth: 0, parentId: null, afterId: 1 });
    expect(drop(rows, 3, 3, -1)).toEqual({ id: 3, parentId: null, position: 1 });
    // A child with siblings below it climbs out after the whole of its parent.
    expect(drop(all, 2, 2, -1)).toEqual({ id: 2, parentId: null, position: 1 });
  });

  it('moves a top-level node up to the first place', () => {
    expect(project(all, 5, 1, 0, INDENT)).toEqual({ depth: 0, parentId: null, afterId: null });
    expect(drop(all, 5, 1, 0)).toEqual({ id: 5, parentId: null, position: 0 });
  });

  it('finds the ancestor at the wanted depth when climbing out below a deeper row', () => {
    // 5 dropped over itself at depth 1, below 4 (depth 2): a child of 1, after 3.
    expect(project(all, 5, 5, INDENT, INDENT)).toEqual({ depth: 1, parentId: 1, afterId: 3 });
    expect(drop(all, 5, 5, 1)).toEqual({ id: 5, parentId: 1, position: 2 });
  });

  it('answers null for a drop back in place and appends under a collapsed parent', () => {
    expect(drop(rows, 3, 3, 0)).toBeNull();
    const hidden = new Set([3]);
    const flat = flattenVisible(tree, hidden);
    expect(project(flat, 5, 5, INDENT * 2, INDENT)).toEqual({
      depth: 2,
      parentId: 3,
      afterId: null,
    });
    expect(drop(flat, 5, 5, 2, hidden)).toEqual({ id: 5, parentId: 3, position: 100_000 });
  });
});

describe('moving with Up and Down alone never nests', () => {
  // Chapters A, B, C at the top, B and C with topics shown:
  // 10 A
  // 20 B
  //   21
  //   22
  // 30 C
  //   31
  const ch = (id: number, position: number, topics: number[]) =>
    n(
      id,
      null,
      position,
      topics.map((t, i) => n(t, id, i)),
    );
  const book = [ch(10, 0, []), ch(20, 1, [21, 22]), ch(30, 2, [31])];
  const flat = flattenVisible(book, none);
  // The rows while 10 is dragged (it has no children; the same rows).
  const step = (id: number, over: number, levels = 0) =>
    dropTarget(flat, id, over, levels * INDENT, INDENT, none);

  it('a chapter moved down over an open chapter goes after all of its topics', () => {
    expect(project(flat, 10, 20, 0, INDENT)).toEqual({ depth: 0, parentId: null, afterId: 20 });
    expect(step(10, 20)).toEqual({ id: 10, parentId: null, position: 1 });
    // Further down, over the topics of B: still a chapter after B.
    expect(step(10, 21)).toEqual({ id: 10, parentId: null, position: 1 });
    expect(step(10, 22)).toEqual({ id: 10, parentId: null, position: 1 });
    // Over C: after C and its topic, last.
    expect(step(10, 30)).toEqual({ id: 10, parentId: null, position: 2 });
    expect(step(10, 31)).toEqual({ id: 10, parentId: null, position: 2 });
  });

  it('a chapter moved up over the topics of the chapter above goes before that chapter', () => {
    const c = flattenVisible(book, new Set([30]));
    expect(dropTarget(c, 30, 22, 0, INDENT, none)).toEqual({ id: 30, parentId: null, position: 1 });
    expect(dropTarget(c, 30, 21, 0, INDENT, none)).toEqual({ id: 30, parentId: null, position: 1 });
    expect(dropTarget(c, 30, 20, 0, INDENT, none)).toEqual({ id: 30, parentId: null, position: 1 });
    expect(dropTarget(c, 30, 10, 0, INDENT, none)).toEqual({ id: 30, parentId: null, position: 0 });
  });

  it('nests a chapter only when asked with Right, under the row above', () => {
    expect(step(10, 20, 1)).toEqual({ id: 10, parentId: 20, position: 0 });
    expect(step(10, 22, 1)).toEqual({ id: 10, parentId: 20, position: 2 });
  });

  it('a topic moved down or up stays a topic, crossing into the next or previous chapter', () => {
    expect(step(21, 22)).toEqual({ id: 21, parentId: 20, position: 1 });
    expect(step(21, 30)).toEqual({ id: 21, parentId: 30, position: 0 });
    expect(step(22, 21)).toEqual({ id: 22, parentId: 20, position: 0 });
    expect(step(22, 20)).toEqual({ id: 22, parentId: 10, position: 0 });
  });

  it('a topic moved to the very top becomes a top-level node (there is no parent above)', () => {
    expect(step(21, 10)).toEqual({ id: 21, parentId: null, position: 0 });
  });
});

describe('moveInTree', () => {
  it('moves a node with its subtree and renumbers both sibling lists', () => {
    const next = moveInTree(tree, { id: 3, parentId: null, position: 0 });
    expect(ids(next)).toEqual([[3, [4]], [1, [2]], 5]);
    expect(next.map((x) => x.position)).toEqual([0, 1, 2]);
    expect(next[0]!.parentId).toBeNull();
    expect(next[1]!.children[0]!.position).toBe(0);
  });

  it('reorders among siblings and appends past the end', () => {
    expect(ids(moveInTree(tree, { id: 2, parentId: 1, position: 1 }))).toEqual([
      [1, [[3, [4]], 2]],
      5,
    ]);
    expect(ids(moveInTree(tree, { id: 1, parentId: 5, position: 100_000 }))).toEqual([
      [5, [[1, [2, [3, [4]]]]]],
    ]);
  });

  it('refuses a move under the node itself or its descendants', () => {
    expect(moveInTree(tree, { id: 1, parentId: 4, position: 0 })).toBe(tree);
  });
});

describe('masterChapterOf', () => {
  // 1 (chapter 70)
  //   2
  //   3 (chapter 80)
  //     4
  // 5
  const linked = [
    {
      ...n(1, null, 0),
      chapterId: 70,
      children: [n(2, 1, 0), { ...n(3, 1, 1, [n(4, 3, 0)]), chapterId: 80 }],
    },
    n(5, null, 1),
  ] as TocNode[];
  it('is the node’s own link, else the nearest linked ancestor’s, else null', () => {
    expect(masterChapterOf(linked, 1)).toBe(70);
    expect(masterChapterOf(linked, 2)).toBe(70);
    expect(masterChapterOf(linked, 4)).toBe(80);
    expect(masterChapterOf(linked, 5)).toBeNull();
    expect(masterChapterOf(linked, 99)).toBeNull();
  });
});
