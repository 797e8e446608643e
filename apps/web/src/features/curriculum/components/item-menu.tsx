import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';

/** Places to move by: up or down one, or to either end. */
export type Move = -1 | 1 | 'first' | 'last';

const MOVES: { by: Move; label: string; icon: typeof IconArrowUp; atStart: boolean }[] = [
  { by: 'first', label: 'Move to top', icon: IconArrowBarToUp, atStart: true },
  { by: -1, label: 'Move up', icon: IconArrowUp, atStart: true },
  { by: 1, label: 'Move down', icon: IconArrowDown, atStart: false },
  { by: 'last', label: 'Move to bottom', icon: IconArrowBarToDown, atStart: false },
];

/**
 * An item's actions in one menu, so a narrow column keeps its width for the
 * name: rename, delete, and moving without dragging (keyboard, screen
 * readers, long lists); the moves that cannot happen are disabled.
 */
export function ItemMenu({
  name,
  index,
  count,
  onRename,
  onDelete,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onRename?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  onMove?: ((by: Move) => void) | undefined;
}) {
  const moves = onMove && count > 1;
  if (!onRename && !onDelete && !moves) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onRename && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
            Rename
          </Menu.Item>
        )}
        {moves &&
          MOVES.map(({ by, label, icon: Icon, atStart }) => (
            <Menu.Item
              key={label}
              leftSection={<Icon size={14} />}
              disabled={atStart ? index === 0 : index === count - 1}
              onClick={() => onMove(by)}
            >
              {label}
            </Menu.Item>
          ))}
        {onDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
