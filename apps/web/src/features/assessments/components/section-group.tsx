import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { SortableItems } from '../../../components/sortable-items.tsx';
import classes from './section-group.module.css';

type Section = { id: number; name: string };

/**
 * The builder's groups as one ordered list, whose sections are dragged by
 * their handle with the mouse or the keyboard (the shared SortableItems, as
 * the items within them); `onReorder` gets every section id in the new order.
 */
export function SectionList<T extends Section>({
  sections,
  onReorder,
  children,
}: {
  sections: T[];
  onReorder: (ids: number[], moved: T) => void;
  children: ReactNode;
}) {
  return (
    <SortableItems items={sections} onReorder={onReorder}>
      <Stack component="ol" gap="lg" p={0} m={0} aria-label="Sections and their items">
        {children}
      </Stack>
    </SortableItems>
  );
}

/**
 * One group of the list: a section (with its handle when it can be dragged)
 * or the items outside any section (`section` null), which stay first.
 */
export function SectionGroup({
  section,
  sortable,
  testId,
  children,
}: {
  section: Section | null;
  sortable: boolean;
  testId: string | undefined;
  children: ReactNode;
}) {
  if (!section)
    return (
      <li className={classes.group} data-testid={testId}>
        {sortable && <span className={classes.spacer} />}
        <Stack gap="xs" className={classes.body}>
          {children}
        </Stack>
      </li>
    );
  return (
    <SortableGroup section={section} sortable={sortable} testId={testId}>
      {children}
    </SortableGroup>
  );
}

function SortableGroup({
  section,
  sortable,
  testId,
  children,
}: {
  section: Section;
  sortable: boolean;
  testId: string | undefined;
  children: ReactNode;
}) {
  const drag = useSortable({ id: section.id, disabled: !sortable });
  return (
    <li
      ref={drag.setNodeRef}
      className={classes.group}
      data-testid={testId}
      data-dragging={drag.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(drag.transform), transition: drag.transition }}
    >
      {sortable && <DragHandle drag={drag} label={section.name} />}
      <Stack gap="xs" className={classes.body}>
        {children}
      </Stack>
    </li>
  );
}
