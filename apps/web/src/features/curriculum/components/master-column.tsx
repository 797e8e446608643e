import {
  ActionIcon,
  Alert,
  Box,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Move } from '../../../components/row-menu.tsx';
import { SortableItems } from '../../../components/sortable-items.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.ts';
import { moveId } from '../../../lib/ordering.ts';
import { useOptimisticOrder } from '../../../lib/use-optimistic-order.ts';
import { AddItemForm } from './add-item-form.tsx';
import { type ColumnItem, MasterRow } from './master-row.tsx';

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
  hint,
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
  /** Says what may be done with the column, under its title (a fixed list, say). */
  hint?: string;
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
          <div>
            <Title order={2} fz="md">
              {title}
            </Title>
            {hint && (
              <Text fz="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </div>
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
          // A plain vertical scroller: a scroll area's table layout would let a long
          // name widen the rows and push their menus out of the column.
          <Box mah="60vh" style={{ overflowY: 'auto', overflowX: 'hidden' }}>
            {list.length === 0 ? (
              <Text c="dimmed" fz="sm" py="xs">
                No {lower} yet.
              </Text>
            ) : (
              // The drag context renders its live region beside its children: outside the list.
              <SortableItems items={list} onReorder={(ids, moved) => void reorder(ids, moved)}>
                <Stack
                  component="ul"
                  gap={2}
                  aria-label={title}
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                >
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
                </Stack>
              </SortableItems>
            )}
          </Box>
        )}
        {onAdd && !waitingFor && !error && <AddItemForm noun={noun} onAdd={onAdd} />}
      </Stack>
    </Paper>
  );
}
