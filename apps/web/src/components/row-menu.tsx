import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  type IconProps,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';

export interface RowMenuAction {
  label: string;
  icon: ComponentType<IconProps>;
  onClick: () => void;
  disabled?: boolean;
  /** Destructive (delete): shown in red after a divider. */
  danger?: boolean;
  /**
   * The action opens a field in place and focuses it ("Add topic under it"):
   * the closing menu must not take the focus back to its button.
   */
  focusesField?: boolean;
}

/**
 * A row's actions behind one small "…" button, so a narrow list or a deep
 * tree keeps its width for the names. The button is a real button in the tab
 * order (named "Actions for <row>"); `className` lets a list show it only on
 * hover and focus, as long as it stays visible while focused or open.
 */
export function RowMenu({
  name,
  actions,
  className,
}: {
  /** The row's name, for the button's accessible name. */
  name: string;
  actions: (RowMenuAction | false | undefined | null)[];
  className?: string;
}) {
  const [returnFocus, setReturnFocus] = useState(true);
  const shown = actions.filter((a): a is RowMenuAction => Boolean(a));
  if (!shown.length) return null;
  const plain = shown.filter((a) => !a.danger);
  const danger = shown.filter((a) => a.danger);
  const item = ({ label, icon: Icon, onClick, disabled, danger, focusesField }: RowMenuAction) => (
    <Menu.Item
      key={label}
      // Shade 9: the default red is too light on white for 4.5:1.
      color={danger ? 'red.9' : undefined}
      leftSection={<Icon size={14} />}
      disabled={disabled}
      onClick={() => {
        if (focusesField) setReturnFocus(false);
        onClick();
      }}
    >
      {label}
    </Menu.Item>
  );
  return (
    // No focus placeholder: its role="presentation" is not allowed inside role="menu".
    <Menu
      position="bottom-end"
      withinPortal
      returnFocus={returnFocus}
      onOpen={() => setReturnFocus(true)}
    >
      <Menu.Target>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${name}`}
          className={className}
          style={{ flexShrink: 0 }}
        >
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {plain.map(item)}
        {plain.length > 0 && danger.length > 0 && <Menu.Divider />}
        {danger.map(item)}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Places to move by: up or down one, or to either end. */
export type Move = -1 | 1 | 'first' | 'last';

/**
 * The moves of an item at `index` of `count` as menu actions (the way to
 * reorder without dragging: keyboard, screen readers, long lists); those
 * that cannot happen are disabled. `ends` adds "to top" and "to bottom".
 */
export function moveActions(
  index: number,
  count: number,
  onMove: (by: Move) => void,
  ends = true,
): RowMenuAction[] {
  if (count < 2) return [];
  const all: (RowMenuAction & { end: boolean })[] = [
    { label: 'Move to top', icon: IconArrowBarToUp, by: 'first', atStart: true, end: true },
    { label: 'Move up', icon: IconArrowUp, by: -1, atStart: true, end: false },
    { label: 'Move down', icon: IconArrowDown, by: 1, atStart: false, end: false },
    { label: 'Move to bottom', icon: IconArrowBarToDown, by: 'last', atStart: false, end: true },
  ].map(({ by, atStart, ...rest }) => ({
    ...rest,
    disabled: atStart ? index === 0 : index === count - 1,
    onClick: () => onMove(by as Move),
  }));
  return all.filter((a) => ends || !a.end).map(({ end: _end, ...a }) => a);
}
