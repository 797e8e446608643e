import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.ts';
import { AddItemForm } from './add-item-form.tsx';
import type { Move } from './item-menu.tsx';
import { type ColumnItem, MasterRow } from './master-row.tsx';
import { moveId } from './ordering.ts';
import { SortableItems } from './sortable-items.tsx';
import { useOptimisticOrder } from './use-optimistic-order.ts';

export type { ColumnItem } from './master-row.tsx';

/**
 * One column of the drill-down: its items in order, the selected one
 * highlighted; when editable, inline add, rename, delete (the page asks
 * first), download, and reordering by drag or by the move menu, shown at
 * once and rolled back if the server refuses.
 */
export function MasterColumn({
  title,
  noun,
  items,
  loading,
  error,
  waitingFor,
  selectedId,
  onSelect,
  onAdd,
  onRename,
  onDelete,
  onReorder,
  onDownload,
}: {
  title: string;
  noun: string;
  items: ColumnItem[] | undefined;
  loading: boolean;
  error: unknown;
  /** Set when the parent is not chosen yet: "Choose a grade". */
  waitingFor?: string | undefined;
  selectedId?: number | undefined;
  onSelect?: (id: number) => void;
  onAdd?: (name: string) => Promise<unknown>;
  onRename?: (item: ColumnItem, name: string) => Promise<unknown>;
  onDelete?: (item: ColumnItem) => void;
  onReorder?: (ids: number[]) => Promise<unknown>;
  onDownload?: () => Promise<void>;
}) {
  const { ordered, reorder } = useOptimisticOrder(items, onReorder);
  const list = ordered ?? [];
  const lower = title.toLowerCase();

  const move = (item: ColumnItem, by: Move) => {
    const ids = list.map((i) => i.id);
    const from = ids.indexOf(item.id);
    const delta = by === 'first' ? -from : by === 'last' ? ids.length - 1 - from : by;
    const next = moveId(ids, item.id, delta);
    if (next) void reorder(next, item);
  };

  const download = async () => {
    try {
      await onDownload?.();
    } catch (e) {
      notifyError(e, 'Could not download');
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" miw={0} component="section" aria-label={title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="md">
            {title}
          </Title>
          {onDownload && !waitingFor && (
            <Tooltip label={`Download ${lower} (XLSX)`}>
              <ActionIcon variant="subtle" aria-label={`Download ${lower}`} onClick={download}>
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {waitingFor ? (
          <Text c="dimmed" fz="sm">
            {waitingFor}
          </Text>
        ) : error ? (
          <Alert color="red" title={`Could not load the ${lower}`}>
            {errorMessage(error)}
          </Alert>
        ) : loading ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={`Loading ${lower}`} />
          </Group>
        ) : (
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Stack gap={2} role="list" aria-label={title}>
              {list.length === 0 && (
                <Text c="dimmed" fz="sm" py="xs">
                  No {lower} yet.
                </Text>
              )}
              <SortableItems items={list} onReorder={(ids, moved) => void reorder(ids, moved)}>
                {list.map((item, index) => (
                  <MasterRow
                    key={item.id}
                    item={item}
                    noun={noun}
                    selected={item.id === selectedId}
                    index={index}
                    count={list.length}
                    sortable={Boolean(onReorder) && list.length > 1}
                    onSelect={onSelect}
                    onRename={onRename}
                    onDelete={onDelete}
                    onMove={onReorder && move}
                  />
                ))}
              </SortableItems>
            </Stack>
          </ScrollArea.Autosize>
        )}
        {onAdd && !waitingFor && !error && <AddItemForm noun={noun} onAdd={onAdd} />}
      </Stack>
    </Paper>
  );
}
