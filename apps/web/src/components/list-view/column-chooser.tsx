import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { moveColumn, toggleColumn } from '../../lib/list-view-state.ts';
import type { ListView } from './use-list-view.ts';

/**
 * "Columns": which columns show and in what order. A checkbox per column and
 * Move up / Move down buttons, so the keyboard does all of it (Tab and Space;
 * Escape closes and gives the focus back to the button).
 */
export function ColumnChooser({ view }: { view: ListView }) {
  const { choices, shown, keys, fixed } = view;
  const movable = shown.filter((k) => !fixed.includes(k));
  // Shown ones first in their order, then the hidden ones in the table's.
  const rows = [
    ...movable.map((k) => choices.find((c) => c.key === k)!),
    ...choices.filter((c) => !shown.includes(c.key)),
  ];
  const changed = movable.join() !== choices.map((c) => c.key).join();
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns3 size={14} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" miw={260}>
        <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mb={6} id="column-chooser-title">
          Columns shown, in order
        </Text>
        <Stack gap={2} role="group" aria-labelledby="column-chooser-title">
          {rows.map((column) => {
            const on = shown.includes(column.key);
            const at = movable.indexOf(column.key);
            return (
              <Group key={column.key} gap={4} wrap="nowrap" justify="space-between">
                <Checkbox
                  size="sm"
                  label={column.label}
                  checked={on}
                  // The last column shown stays: a table of no columns shows nothing.
                  disabled={on && movable.length === 1}
                  onChange={() => view.setShown(toggleColumn(shown, column.key, keys, fixed))}
                  py={4}
                />
                <Group gap={2} wrap="nowrap">
                  <MoveButton
                    label={`Move ${column.label} up`}
                    hidden={!on}
                    atEnd={at === 0}
                    onMove={() => view.setShown(moveColumn(shown, column.key, -1, fixed))}
                  >
                    <IconArrowUp size={14} />
                  </MoveButton>
                  <MoveButton
                    label={`Move ${column.label} down`}
                    hidden={!on}
                    atEnd={at === movable.length - 1}
                    onMove={() => view.setShown(moveColumn(shown, column.key, 1, fixed))}
                  >
                    <IconArrowDown size={14} />
                  </MoveButton>
                </Group>
              </Group>
            );
          })}
        </Stack>
        <Button
          variant="subtle"
          size="xs"
          mt="xs"
          fullWidth
          disabled={!changed}
          onClick={() => view.setShown(keys)}
        >
          Reset columns
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Up or down. At the end of the list it stays focusable (aria-disabled, not
 * disabled): a column moved to the top keeps the focus on its button, so
 * Escape still closes the chooser and Tab goes on from there.
 */
function MoveButton({
  label,
  hidden,
  atEnd,
  onMove,
  children,
}: {
  label: string;
  hidden: boolean;
  atEnd: boolean;
  onMove: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      disabled={hidden}
      aria-disabled={atEnd || undefined}
      data-disabled={atEnd || undefined}
      onClick={() => !atEnd && onMove()}
    >
      {children}
    </ActionIcon>
  );
}
