import type { TocNode } from '@bo/contract';

/**
 * The TOC tree as the rows the editor shows, for drag and drop (the shape of
 * dnd-kit's "tree" example): a node is dragged vertically among the visible
 * rows and its horizontal offset picks the depth, hence the parent.
 */
/** Horizontal pixels per level: the indent of a row, and the drag offset that nests a node one level deeper. */
export const INDENT = 24;

export interface FlatNode {
  id: number;
  parentId: number | null;
  depth: number;
  /** Place among its siblings, and how many siblings there are (itself included). */
  index: number;
  siblings: number;
  node: TocNode;
}

/** Every node, depth first, with its depth; rows under a `hidden` node are left out. */
export function flattenVisible(
  nodes: TocNode[],
  hidden: ReadonlySet<number>,
  depth = 0,
): FlatNode[] {
  return nodes.flatMap((node, index) => [
    { id: node.id, parentId: node.parentId, depth, index, siblings: nodes.length, node },
    ...(hidden.has(node.id) ? [] : flattenVisible(node.children, hidden, depth + 1)),
  ]);
}

/** The node and every node under it. */
export const subtreeIds = (node: TocNode): number[] => [
  node.id,
  ...node.children.flatMap(subtreeIds),
];

export function findNode(nodes: TocNode[], id: number | null): TocNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** True when `parentId` is the node itself or below it: the server answers 409 there. */
export function isInSubtree(nodes: TocNode[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  const node = findNode(nodes, id);
  return node ? subtreeIds(node).includes(parentId) : false;
}

export interface Projection {
  depth: number;
  parentId: number | null;
  /** The sibling it would follow; null when it would come first under its parent. */
  afterId: number | null;
}

interface Landing extends Projection {
  /** The rows with the dragged one at the place it lands. */
  rows: FlatNode[];
}

/**
 * Where the dragged row lands: at the row it is over (above it when moved
 * up, below it when moved down), at the depth it had plus the levels its
 * horizontal offset (or Right and Left) asks for, no deeper than one more
 * than the row above. It is never nested deeper than asked: where the rows
 * around that place are children of the row above (between a chapter and its
 * topics, or among them) the dragged row skips the whole subtree, going after
 * it when moved down (or only shifted left) and before it when moved up, at
 * the depth asked. So Up and Down alone keep a chapter a sibling of chapters.
 * `items` must not hold the dragged node's descendants (they travel with it).
 */
function land(
  items: FlatNode[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Landing | null {
  const from = items.findIndex((i) => i.id === activeId);
  const over = items.findIndex((i) => i.id === overId);
  const active = items[from];
  if (!active || over < 0) return null;
  const others = items.filter((i) => i.id !== activeId);
  const wanted = Math.max(0, active.depth + Math.round(offsetX / indent));
  // Index among `others` before which the dragged row goes (arrayMove's place).
  let at = over;
  if (over >= from) {
    while (others[at] && others[at]!.depth > wanted) at++;
  } else {
    while (at > 0 && others[at]!.depth > wanted) at--;
  }
  const previous = others[at - 1];
  const depth = Math.min(wanted, previous ? previous.depth + 1 : 0);
  const parentId =
    depth === 0 || !previous
      ? null
      : depth > previous.depth
        ? previous.id
        : (others
            .slice(0, at)
            .reverse()
            .find((i) => i.depth === depth)?.parentId ?? null);
  const rows = [...others.slice(0, at), { ...active, parentId, depth }, ...others.slice(at)];
  const before = others
    .slice(0, at)
    .reverse()
    .find((i) => i.depth <= depth);
  return { rows, depth, parentId, afterId: before?.depth === depth ? before.id : null };
}

/** Where the dragged row would land: its depth and parent (shown while dragging). */
export function project(
  items: FlatNode[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Projection | null {
  const landing = land(items, activeId, overId, offsetX, indent);
  if (!landing) return null;
  const { rows: _rows, ...projection } = landing;
  return projection;
}

export interface MoveTarget {
  id: number;
  parentId: number | null;
  /** 0-based among the new siblings, the node itself left out (what movetocnode takes). */
  position: number;
}

/**
 * The `movetocnode` body for a drop, or null when the node would stay where
 * it is. A new parent whose rows are hidden (collapsed) gets the node last.
 */
export function dropTarget(
  items: FlatNode[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
  hidden: ReadonlySet<number>,
): MoveTarget | null {
  const landing = land(items, activeId, overId, offsetX, indent);
  const active = items.find((i) => i.id === activeId);
  if (!landing || !active) return null;
  const { parentId, rows } = landing;
  const position =
    parentId !== null && hidden.has(parentId)
      ? 100_000
      : rows.filter((i) => i.parentId === parentId).findIndex((i) => i.id === activeId);
  if (parentId === active.parentId && position === active.index) return null;
  return { id: activeId, parentId, position };
}

/**
 * The tree with one node moved, as the server will order it: shown while the
 * move is on its way, then replaced by the server's answer.
 */
export function moveInTree(nodes: TocNode[], target: MoveTarget): TocNode[] {
  const node = findNode(nodes, target.id);
  if (!node || isInSubtree(nodes, target.id, target.parentId)) return nodes;
  const renumber = (list: TocNode[]) => list.map((n, position) => ({ ...n, position }));
  const place = (list: TocNode[], parentId: number | null) => {
    const next = [...list];
    next.splice(Math.min(target.position, next.length), 0, { ...node, parentId });
    return renumber(next);
  };
  const without = (list: TocNode[]): TocNode[] =>
    renumber(list.filter((n) => n.id !== target.id)).map((n) => ({
      ...n,
      children: without(n.children),
    }));
  const into = (list: TocNode[]): TocNode[] =>
    list.map((n) =>
      n.id === target.parentId
        ? { ...n, children: place(n.children, n.id) }
        : { ...n, children: into(n.children) },
    );
  const rest = without(nodes);
  return target.parentId === null ? place(rest, null) : into(rest);
}

/**
 * The master chapter a node belongs to: its own link, else the nearest
 * ancestor's (a topic under a chapter built from the masters), else null.
 */
export function masterChapterOf(nodes: TocNode[], id: number): number | null {
  const walk = (level: TocNode[], inherited: number | null): number | null | undefined => {
    for (const n of level) {
      const chapter = n.chapterId ?? inherited;
      if (n.id === id) return chapter;
      const found = walk(n.children, chapter);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(nodes, null) ?? null;
}
