import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFolderSymlink, IconScale } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { RowItem } from './item-row.tsx';

/**
 * The builder's chosen items, by id. Ids the assessment no longer holds
 * (removed here or by another admin) drop out of what `chosen` reads.
 */
export function useItemSelection(rows: readonly RowItem[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const chosen = rows.filter((r) => ids.has(r.id));
  const toggle = useCallback(
    (item: RowItem, on: boolean) =>
      setIds((prev) => {
        const next = new Set(prev);
        if (on) next.add(item.id);
        else next.delete(item.id);
        return next;
      }),
    [],
  );
  return {
    ids,
    chosen,
    toggle,
    all: () => setIds(new Set(rows.map((r) => r.id))),
    clear: () => setIds(new Set()),
  };
}

const itemsWord = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Above the builder's items while some are chosen: how many, "Move to
 * section" (where the kind has sections), "Set marks" (when questions are
 * among them), choose all, and clear. It stays in view while the list scrolls.
 */
export function BuilderSelectionBar({
  chosen,
  total,
  onMove,
  onMarks,
  onAll,
  onClear,
}: {
  chosen: RowItem[];
  total: number;
  onMove: (() => void) | undefined;
  onMarks: () => void;
  onAll: () => void;
  onClear: () => void;
}) {
  const questions = chosen.filter((r) => r.kind === 'question').length;
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      mb="sm"
      pos="sticky"
      top={8}
      style={{ zIndex: 2 }}
      data-testid="builder-selection"
    >
      <Group gap="sm">
        <Text fz="sm" fw={500} aria-live="polite">
          {itemsWord(chosen.length)} chosen
        </Text>
        {onMove && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderSymlink size={14} />}
            onClick={onMove}
          >
            Move to section
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconScale size={14} />}
          disabled={questions === 0}
          onClick={onMarks}
        >
          {questions === chosen.length ? 'Set marks' : `Set marks of ${questions} questions`}
        </Button>
        {chosen.length < total && (
          <Button size="xs" variant="subtle" onClick={onAll}>
            Choose all {total}
          </Button>
        )}
        <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
