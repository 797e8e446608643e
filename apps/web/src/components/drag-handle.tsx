import type { useSortable } from '@dnd-kit/sortable';
import { IconGripVertical } from '@tabler/icons-react';
import classes from './drag-handle.module.css';

/**
 * The grip of a `useSortable` row (SortableItems): dragged with the mouse or
 * touch, or picked up with Space or Enter and moved with the arrow keys.
 * Named "Drag <what>" for screen readers and the browser tests. Shared by
 * every sortable list, so they all look and behave alike.
 */
export function DragHandle({
  drag,
  label,
}: {
  drag: ReturnType<typeof useSortable>;
  /** What is dragged ("Question 3: …"): the button reads "Drag <label>". */
  label: string;
}) {
  return (
    <button
      type="button"
      ref={drag.setActivatorNodeRef}
      {...drag.attributes}
      {...drag.listeners}
      // Mantine's own focus ring, as on its buttons.
      className={`${classes.handle} mantine-focus-auto`}
      data-dragging={drag.isDragging || undefined}
      aria-label={`Drag ${label}`}
    >
      <IconGripVertical size={16} aria-hidden />
    </button>
  );
}
