import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Above a list with selected rows: how many, a "Change status" menu where
 * the list has one (each choice is confirmed by the caller), the list's
 * other bulk actions (`children`), and a way to clear the selection. One bar
 * for every list with row selection, so they look and read alike.
 */
export function SelectionBar<S extends string>({
  count,
  statusOptions,
  onStatus,
  onClear,
  children,
}: {
  /** How many rows are selected, as a number or in words ("3 questions"). */
  count: number | string;
  /** Left out for a list without a status of its own to set (its actions are `children`). */
  statusOptions?: { value: S; label: string }[];
  onStatus?: (status: S) => void;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <Group mb="sm" gap="sm" data-testid="bulk-actions">
      <Text fz="sm">{count} selected</Text>
      {statusOptions && onStatus && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
              Change status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {statusOptions.map((o) => (
              <Menu.Item key={o.value} onClick={() => onStatus(o.value)}>
                Set {o.label.toLowerCase()}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {children}
      <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  );
}
