import {
  type ImportError,
  TOC_NODE_KINDS,
  TOC_NODE_STATUSES,
  TOC_SHEET_MAX_LEVELS,
  type TocNode,
  type TocNodeKind,
  type TocNodeStatus,
} from '@bo/contract';
import {
  anyCell,
  type Cell,
  type Column,
  oneOf,
  text,
  wholeNumber,
  yesNo,
} from '../../lib/xlsx/columns.ts';
import { defineSheet, type SheetRow } from '../../lib/xlsx/sheet.ts';
import { buildTree, type NodeRow } from './toc.queries.ts';

/**
 * The TOC sheet (Sunbird style) and the plan an upload makes of it, without
 * touching the database: which rows create nodes, which update or move
 * existing ones, which of the book's nodes are not in the sheet, and every
 * row problem. A row's level is the one "Level k" column holding its title;
 * its parent is the nearest previous row one level up.
 */

export const levelHeader = (k: number) => `Level ${k}`;
export const HEADERS = {
  nodeId: 'Node Id',
  kind: 'Kind',
  free: 'Free',
  status: 'Status',
} as const;

/**
 * The Level cells are taken as they are and checked by the plan: a row with
 * a bad title must still take its place in the tree, or every row under it
 * would be reported as misplaced too. The other cells have their column type.
 */
const levels = Object.fromEntries(
  Array.from({ length: TOC_SHEET_MAX_LEVELS }, (_, i) => [
    `level${i + 1}`,
    anyCell(levelHeader(i + 1)),
  ]),
) as Record<`level${number}`, Column<Cell, false>>;

export const tocSheet = defineSheet({
  name: 'TOC',
  maxRows: 5000,
  columns: {
    ...levels,
    nodeId: wholeNumber(HEADERS.nodeId, { min: 1, max: Number.MAX_SAFE_INTEGER }),
    kind: oneOf(HEADERS.kind, TOC_NODE_KINDS),
    free: yesNo(HEADERS.free),
    status: oneOf(HEADERS.status, TOC_NODE_STATUSES),
  },
});
type Columns = typeof tocSheet.columns;
export type TocRow = Pick<SheetRow<Columns>, 'row' | 'values'>;

/** The title in a Level cell, with the rules of a TOC title. */
const titleOf = (header: string) => text(header, { required: true, max: 300 });

/** A new row without a kind: chapters at the top, topics below, sections deeper. */
export const defaultKind = (level: number): TocNodeKind =>
  level === 1 ? 'chapter' : level === 2 ? 'topic' : 'section';

export interface PlannedNode {
  row: number;
  /** The existing node this row updates, or null for a new node. */
  id: number | null;
  /** Index in `nodes` of the parent row, or null at the top. */
  parent: number | null;
  title: string;
  kind: TocNodeKind;
  isFree: boolean;
  status: TocNodeStatus;
}

export interface TocPlan {
  errors: ImportError[];
  /** Rows in sheet order (depth first): a parent always comes before its children. */
  nodes: PlannedNode[];
  /** Existing nodes absent from the sheet, in their old order. */
  missing: NodeRow[];
}

/**
 * `existing` are the book's nodes; `foreign` the sheet's Node Ids that are
 * nodes of other books.
 */
export function planToc(existing: NodeRow[], rows: TocRow[], foreign: Set<number>): TocPlan {
  const errors: ImportError[] = [];
  const byId = new Map(existing.map((n) => [n.id, n]));
  const nodes: PlannedNode[] = [];
  const seen = new Map<number, number>();
  /** Index in `nodes` of the last row at each level (1-based). */
  const lastAt: number[] = [];
  let previousLevel = 0;
  for (const { row, values } of rows) {
    const problem = (column: string, message: string) => errors.push({ row, column, message });
    const cells = values as Record<string, Cell | undefined>;
    const filled: number[] = [];
    for (let k = 1; k <= TOC_SHEET_MAX_LEVELS; k++) {
      if (cells[`level${k}`] !== undefined) filled.push(k);
    }
    if (filled.length === 0) {
      problem(levelHeader(1), 'Give the title in one of the Level columns');
      continue;
    }
    const level = filled[0]!;
    if (filled.length > 1) {
      problem(
        levelHeader(filled[1]!),
        `Only one Level cell per row: this row also has a title in ${levelHeader(level)}`,
      );
    }
    const title = titleOf(levelHeader(level)).read(cells[`level${level}`]!);
    if ('problem' in title) problem(levelHeader(level), title.problem);

    // Kind, Free and Status cells that failed their column are reported already.
    let node: NodeRow | undefined;
    const id = values.nodeId;
    if (id !== undefined) {
      if (foreign.has(id)) {
        problem(HEADERS.nodeId, `Node ${id} belongs to another book`);
      } else if (!byId.has(id)) {
        problem(HEADERS.nodeId, `No TOC node ${id} in this book`);
      } else if (seen.has(id)) {
        problem(HEADERS.nodeId, `Node ${id} is also in row ${seen.get(id)}`);
      } else {
        seen.set(id, row);
        node = byId.get(id);
      }
    }
    const kind = values.kind ?? node?.kind ?? defaultKind(level);
    const isFree = values.free ?? node?.isFree ?? false;
    const status = values.status ?? node?.status ?? 'active';

    // The tree: a row may go at most one level deeper than the row before it.
    if (level > previousLevel + 1) {
      problem(
        levelHeader(level),
        previousLevel === 0
          ? `The first row must be at ${levelHeader(1)}`
          : `${levelHeader(level)} right after ${levelHeader(previousLevel)}: a level is skipped`,
      );
      continue;
    }
    previousLevel = level;
    const parent = level === 1 ? null : lastAt[level - 1]!;
    lastAt[level] = nodes.length;
    lastAt.length = level + 1;
    // A bad row keeps its place (its children find their parent) but is never applied.
    nodes.push({
      row,
      id: node?.id ?? null,
      parent,
      title: 'value' in title ? title.value : '',
      kind,
      isFree,
      status,
    });
  }
  const missing = depthFirst(existing).filter((n) => !seen.has(n.id));
  return { errors, nodes, missing };
}

/** The book's rows in tree order (a parent, then its subtree), as the sheet lists them. */
export function depthFirst(rows: NodeRow[]): NodeRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: NodeRow[] = [];
  const walk = (nodes: TocNode[]) => {
    for (const n of nodes) {
      out.push(byId.get(n.id)!);
      walk(n.children);
    }
  };
  walk(buildTree(rows));
  return out;
}

export interface Placement {
  /** Existing node id or `new:<index>` of a planned node. */
  key: string;
  parentKey: string | null;
  position: number;
}

/** Key of a planned node: its node id, or its index for a new one. */
export const keyOf = (nodes: PlannedNode[], i: number) => {
  const n = nodes[i]!;
  return n.id === null ? `new:${i}` : String(n.id);
};

/**
 * Where every node ends up: the sheet's rows in sheet order among their
 * siblings, then the kept nodes that are not in the sheet (unless removed)
 * under their old parent, in their old order.
 */
export function placements(plan: TocPlan, removeMissing: boolean): Map<string, Placement> {
  const children = new Map<string | null, string[]>();
  const add = (parentKey: string | null, key: string) =>
    children.set(parentKey, [...(children.get(parentKey) ?? []), key]);
  plan.nodes.forEach((n, i) => {
    add(n.parent === null ? null : keyOf(plan.nodes, n.parent), keyOf(plan.nodes, i));
  });
  if (!removeMissing) {
    for (const m of [...plan.missing].sort((a, b) => a.position - b.position)) {
      add(m.parentId === null ? null : String(m.parentId), String(m.id));
    }
  }
  const out = new Map<string, Placement>();
  for (const [parentKey, keys] of children) {
    keys.forEach((key, position) => {
      out.set(key, { key, parentKey, position });
    });
  }
  return out;
}

/** How many existing nodes change their fields, and how many move. */
export function countChanges(existing: NodeRow[], plan: TocPlan, placed: Map<string, Placement>) {
  const byId = new Map(existing.map((n) => [n.id, n]));
  let updated = 0;
  const moved = new Set<number>();
  const stay = new Map<string | null, NodeRow[]>();
  for (const n of plan.nodes) {
    if (n.id === null) continue;
    const was = byId.get(n.id)!;
    if (
      was.title !== n.title ||
      was.kind !== n.kind ||
      was.isFree !== n.isFree ||
      was.status !== n.status
    ) {
      updated++;
    }
    const p = placed.get(String(n.id))!;
    const wasParent = was.parentId === null ? null : String(was.parentId);
    if (p.parentKey !== wasParent) moved.add(n.id);
    else stay.set(wasParent, [...(stay.get(wasParent) ?? []), was]);
  }
  // Among siblings that stay under the same parent, a changed order is a move;
  // a shift caused only by new or removed siblings is not.
  for (const list of stay.values()) {
    const now = [...list].sort(
      (a, b) => placed.get(String(a.id))!.position - placed.get(String(b.id))!.position,
    );
    const before = [...list].sort((a, b) => a.position - b.position);
    now.forEach((n, i) => {
      if (before[i]!.id !== n.id) moved.add(n.id);
    });
  }
  return {
    created: plan.nodes.filter((n) => n.id === null).length,
    updated,
    moved: moved.size,
  };
}
