import type { TocNode } from '@bo/contract';
import { closestCenter, DndContext, DragOverlay, MeasuringStrategy } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Fragment, type ReactNode, useEffect } from 'react';
import { useTreeDrag } from '../hooks/use-tree-drag.ts';
import { type FlatNode, type MoveTarget, subtreeIds } from '../utils/flat-tree.ts';
import { type RowProps, TocRowOverlay, TocTreeRow } from './toc-tree-row.tsx';

/** A row as the tree describes it: everything but how it drags. */
export type TreeRowProps = Omit<RowProps, 'drag' | 'depth'>;

export interface SortableRowsProps {
  nodes: TocNode[];
  collapsed: ReadonlySet<number>;
  screenReaderInstructions: string;
  rowProps: (row: FlatNode) => TreeRowProps;
  /** What goes under a row (the add form), given the rows shown. */
  after: (row: FlatNode, rows: FlatNode[]) => ReactNode;
  onDrop: (target: MoveTarget) => void;
  /** Called once mounted, so the press that loaded this code can be replayed on it. */
  onReady: () => void;
}

function SortableRow(props: TreeRowProps & { depth: number }) {
  const sortable = useSortable({ id: props.row.id });
  return (
    <TocTreeRow
      {...props}
      drag={{
        rowRef: sortable.setNodeRef,
        handleRef: sortable.setActivatorNodeRef,
        handleProps: { ...sortable.attributes, ...sortable.listeners },
        style: {
          transform: CSS.Translate.toString(sortable.transform),
          transition: sortable.transition,
        },
        dragging: sortable.isDragging,
      }}
    />
  );
}

/**
 * The tree's rows with dnd-kit: pointer and keyboard dragging, the projected
 * depth while dragging, the overlay that follows the pointer and the
 * screen-reader announcements. Loaded on the first press of a drag handle
 * (toc-tree.tsx), so the book page does not download dnd-kit up front.
 */
export function SortableRows(props: SortableRowsProps) {
  const drag = useTreeDrag(props.nodes, props.collapsed, props.onDrop);
  const { onReady } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after this code has mounted
  useEffect(onReady, []);
  return (
    <DndContext
      sensors={drag.sensors}
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements: drag.announcements,
        screenReaderInstructions: { draggable: props.screenReaderInstructions },
      }}
      {...drag.handlers}
    >
      <SortableContext items={drag.rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        {drag.rows.map((row) => (
          <Fragment key={row.id}>
            <SortableRow
              {...props.rowProps(row)}
              depth={
                row.id === drag.activeId && drag.projection ? drag.projection.depth : row.depth
              }
            />
            {props.after(row, drag.rows)}
          </Fragment>
        ))}
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {drag.active && (
          <TocRowOverlay node={drag.active.node} under={subtreeIds(drag.active.node).length - 1} />
        )}
      </DragOverlay>
    </DndContext>
  );
}
