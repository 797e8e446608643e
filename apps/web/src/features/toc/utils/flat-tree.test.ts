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

  it('keeps the depth with no horizontal offset: 3 dropped over 2 goes first under 1', () => {
    const p = project(rows, 3, 2, 0, INDENT)!;
    expect(p).toEqual({ depth: 1, parentId: 1 });
    expect(dropTarget(rows, 3, 2, p, none)).toEqual({ id: 3, parentId: 1, position: 0 });
  });

  it('nests under the row above when dragged right, at most one level deeper', () => {
    const p = project(rows, 3, 3, 5 * INDENT, INDENT)!;
    expect(p).toEqual({ depth: 2, parentId: 2 });
    expect(dropTarget(rows, 3, 3, p, none)).toEqual({ id: 3, parentId: 2, position: 0 });
  });

  it('climbs out when dragged left, as deep as the row below allows', () => {
    const p = project(rows, 3, 3, -INDENT, INDENT)!;
    expect(p).toEqual({ depth: 0, parentId: null });
    expect(dropTarget(rows, 3, 3, p, none)).toEqual({ id: 3, parentId: null, position: 1 });
    // Between 1 and its child 2 a row must stay a child of 1.
    const flat = flattenVisible(tree, none).filter((r) => r.id !== 4);
    expect(project(flat, 5, 2, -3 * INDENT, INDENT)).toEqual({ depth: 1, parentId: 1 });
  });

  it('moves a top-level node up to the first place', () => {
    const flat = flattenVisible(tree, none);
    const p = project(flat, 5, 1, 0, INDENT)!;
    expect(p).toEqual({ depth: 0, parentId: null });
    expect(dropTarget(flat, 5, 1, p, none)).toEqual({ id: 5, parentId: null, position: 0 });
  });

  it('finds the ancestor at the wanted depth when climbing out below a deeper row', () => {
    const flat = flattenVisible(tree, none);
    // 5 dropped over itself at depth 1, below 4 (depth 2): a child of 1, after 3.
    const p = project(flat, 5, 5, INDENT, INDENT)!;
    expect(p).toEqual({ depth: 1, parentId: 1 });
    expect(dropTarget(flat, 5, 5, p, none)).toEqual({ id: 5, parentId: 1, position: 2 });
  });

  it('answers null for a drop back in place and appends under a collapsed parent', () => {
    expect(dropTarget(rows, 3, 3, { depth: 1, parentId: 1 }, none)).toBeNull();
    const hidden = new Set([3]);
    const flat = flattenVisible(tree, hidden);
    const p = project(flat, 5, 5, INDENT * 2, INDENT)!;
    expect(p).toEqual({ depth: 2, parentId: 3 });
    expect(dropTarget(flat, 5, 5, p, hidden)).toEqual({ id: 5, parentId: 3, position: 100_000 });
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
