import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
} from '@tabler/icons-react';

/** Places to move by: up or down one, or to either end. */
export type Move = -1 | 1 | 'first' | 'last';

const CHOICES: { by: Move; label: string; icon: typeof IconArrowUp; atStart: boolean }[] = [
  { by: 'first', label: 'Move to top', icon: IconArrowBarToUp, atStart: true },
  { by: -1, label: 'Move up', icon: IconArrowUp, atStart: true },
  { by: 1, label: 'Move down', icon: IconArrowDown, atStart: false },
  { by: 'last', label: 'Move to bottom', icon: IconArrowBarToDown, atStart: false },
];

/**
 * Reordering without dragging (keyboard, screen readers, long lists): up or
 * down one place, or to either end; the choices that cannot move are disabled.
 */
export function MoveMenu({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: Move) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Move ${name}`}>
          <IconArrowsSort size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHOICES.map(({ by, label, icon: Icon, atStart }) => (
          <Menu.Item
            key={label}
            leftSection={<Icon size={14} />}
            disabled={atStart ? index === 0 : index === count - 1}
            onClick={() => onMove(by)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
