import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { type ReactNode, useRef } from 'react';

const INSTRUCTIONS =
  'To move an item, press space or enter on its drag handle, use the up and down arrow keys, then press space or enter again to drop it, or escape to cancel.';

/**
 * A vertical list whose items (each a `useSortable` row) are dragged by their
 * handle, with the mouse, touch or the keyboard; a drop hands the ids in
 * their new order to `onReorder`. Announcements name the items.
 */
export function SortableItems<T extends { id: number; name: string }>({
  items,
  onReorder,
  children,
}: {
  items: T[];
  onReorder: (ids: number[], moved: T) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The same ids array while the order is the same: SortableContext hands a
  // new context to every row (each a useSortable) when it gets a new array,
  // so a move elsewhere on the page would re-render every row of this list.
  const idsRef = useRef<number[]>([]);
  const next = items.map((i) => i.id);
  if (next.length !== idsRef.current.length || next.some((id, i) => id !== idsRef.current[i]))
    idsRef.current = next;
  const ids = idsRef.current;
  const at = (id: UniqueIdentifier) => ids.indexOf(Number(id));
  const nameOf = (id: UniqueIdentifier) => items[at(id)]?.name ?? '';
  const place = (id: UniqueIdentifier) => `position ${at(id) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${place(over.id)}.`
        : `${nameOf(active.id)} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = items[at(active.id)];
    if (moved) onReorder(arrayMove(ids, at(active.id), at(over.id)), moved);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
