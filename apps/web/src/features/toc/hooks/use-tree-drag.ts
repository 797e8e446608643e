import type { TocNode } from '@bo/contract';
import {
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import {
  dropTarget,
  flattenVisible,
  INDENT,
  type MoveTarget,
  type Projection,
  project,
} from '../utils/flat-tree.ts';

/**
 * Up and down move among the rows (dnd-kit's sortable coordinates); right
 * and left shift the row by one level, so the keyboard can reparent too.
 */
const treeCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
    event.preventDefault();
    const dx = event.code === 'ArrowRight' ? INDENT : -INDENT;
    return { ...args.currentCoordinates, x: args.currentCoordinates.x + dx };
  }
  return sortableKeyboardCoordinates(event, args);
};

interface DragState {
  activeId: number;
  overId: number;
  /** Levels of horizontal offset: kept whole, so a pointer move re-renders only when it counts. */
  levels: number;
}

/**
 * Drag and drop over the visible rows of the tree: which row is dragged,
 * where it would land (shown as the row's place and depth while dragging),
 * and the `movetocnode` body on drop. The dragged node's descendants are
 * folded into it for the drag, as they move with it.
 */
export function useTreeDrag(
  nodes: TocNode[],
  collapsed: ReadonlySet<number>,
  onDrop: (target: MoveTarget) => void,
) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const hidden = useMemo(
    () => (drag ? new Set([...collapsed, drag.activeId]) : collapsed),
    [collapsed, drag],
  );
  const rows = useMemo(() => flattenVisible(nodes, hidden), [nodes, hidden]);
  const projection: Projection | null = drag
    ? project(rows, drag.activeId, drag.overId, drag.levels * INDENT, INDENT)
    : null;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: treeCoordinates }),
  );

  const title = (id: unknown) => rows.find((r) => r.id === id)?.node.title ?? 'the node';
  const place = (over: unknown) => {
    if (!drag || over == null) return '';
    const p = project(rows, drag.activeId, Number(over), drag.levels * INDENT, INDENT);
    if (!p) return '';
    const where = p.parentId === null ? 'at the top level' : `under ${title(p.parentId)}`;
    return `${where}, ${p.afterId === null ? 'first' : `after ${title(p.afterId)}`}`;
  };

  const handlers = {
    onDragStart: ({ active }: DragStartEvent) =>
      setDrag({ activeId: Number(active.id), overId: Number(active.id), levels: 0 }),
    onDragMove: ({ delta }: DragMoveEvent) => {
      const levels = Math.round(delta.x / INDENT);
      setDrag((d) => (d && d.levels !== levels ? { ...d, levels } : d));
    },
    onDragOver: ({ over }: DragOverEvent) =>
      setDrag((d) => (d && over ? { ...d, overId: Number(over.id) } : d)),
    onDragEnd: ({ over, delta }: DragEndEvent) => {
      setDrag(null);
      if (!drag || !over) return;
      const overId = Number(over.id);
      const target = dropTarget(rows, drag.activeId, overId, delta.x, INDENT, collapsed);
      if (target) onDrop(target);
    },
    onDragCancel: () => setDrag(null),
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}.`,
    onDragMove: () => undefined,
    onDragOver: ({ active, over }) =>
      over ? `${title(active.id)} would go ${place(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${title(active.id)} dropped ${place(over.id)}.` : `${title(active.id)} dropped back.`,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled.`,
  };

  return {
    rows,
    activeId: drag?.activeId ?? null,
    active: drag ? rows.find((r) => r.id === drag.activeId) : undefined,
    projection,
    sensors,
    handlers,
    announcements,
  };
}
