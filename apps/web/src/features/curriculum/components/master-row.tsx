import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { type Move, moveActions, RowMenu } from '../../../components/row-menu.tsx';
import { RenameItemForm } from './rename-item-form.tsx';

export interface ColumnItem {
  id: number;
  name: string;
  /** Shown dimmed after the name: "3 chapters". */
  detail?: string;
}

/**
 * One item of a column: select it (drill down), drag it by its handle, move
 * it, rename it inline or ask to delete it from its menu (moving there is
 * the way without dragging).
 */
export function MasterRow({
  item,
  noun,
  selected,
  index,
  count,
  sortable,
  onSelect,
  onRename,
  onDelete,
  onMove,
}: {
  item: ColumnItem;
  noun: string;
  selected: boolean;
  index: number;
  count: number;
  sortable: boolean;
  onSelect?: ((id: number) => void) | undefined;
  onRename?: ((item: ColumnItem, name: string) => Promise<unknown>) | undefined;
  onDelete?: ((item: ColumnItem) => void) | undefined;
  onMove?: ((item: ColumnItem, by: Move) => void) | undefined;
}) {
  const drag = useSortable({ id: item.id, disabled: !sortable });
  const [renaming, setRenaming] = useState(false);
  const node = useRef<HTMLDivElement | null>(null);
  // A selection from the URL may sit below the column's fold: bring it into view.
  useEffect(() => {
    if (selected) node.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  return (
    <Group
      ref={(el) => {
        drag.setNodeRef(el);
        node.current = el;
      }}
      component="li"
      gap={4}
      wrap="nowrap"
      data-testid={`${noun}-row-${item.id}`}
      data-dragging={drag.isDragging || undefined}
      bg={selected ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)'}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        transform: CSS.Translate.toString(drag.transform),
        transition: drag.transition,
        position: 'relative',
        zIndex: drag.isDragging ? 1 : undefined,
        boxShadow: drag.isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {sortable && <DragHandle drag={drag} label={item.name} />}
      {renaming && onRename ? (
        <RenameItemForm
          name={item.name}
          onRename={(name) => onRename(item, name)}
          onClose={() => setRenaming(false)}
        />
      ) : (
        <UnstyledButton
          flex={1}
          miw={0}
          px="xs"
          py={6}
          aria-current={selected ? 'true' : undefined}
          onClick={() => onSelect?.(item.id)}
          disabled={!onSelect}
        >
          <Group gap={6} wrap="nowrap">
            <Box flex={1} miw={0}>
              {/* Long names wrap to two lines, then end in "…"; the whole name shows on hover. */}
              <Text fz="sm" lineClamp={2} title={item.name} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              {item.detail && (
                <Text fz="xs" c="dimmed" truncate="end">
                  {item.detail}
                </Text>
              )}
            </Box>
            {onSelect && <IconChevronRight size={14} style={{ flexShrink: 0 }} />}
          </Group>
        </UnstyledButton>
      )}
      {!renaming && (
        <RowMenu
          name={item.name}
          actions={[
            onRename && {
              label: 'Rename',
              icon: IconPencil,
              onClick: () => setRenaming(true),
            },
            ...(onMove ? moveActions(index, count, (by) => onMove(item, by)) : []),
            onDelete && {
              label: 'Delete',
              icon: IconTrash,
              danger: true,
              onClick: () => onDelete(item),
            },
          ]}
        />
      )}
    </Group>
  );
}
