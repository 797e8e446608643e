import type { PromoVideo } from '@bo/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { MediaElement } from '../../../components/media-element.tsx';
import { type Move, moveActions, RowMenu } from '../../../components/row-menu.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

export type PromoItem = PromoVideo & { name: string };

/** One promo of the shelf: drag handle, player, words, active switch, menu (edit, move, delete). */
export function PromoRow({
  promo,
  index,
  count,
  sortable,
  onMove,
  onEdit,
  onDelete,
  onActive,
}: {
  promo: PromoItem;
  index: number;
  count: number;
  sortable: boolean;
  onMove: (promo: PromoItem, by: Move) => void;
  onEdit: (promo: PromoItem) => void;
  onDelete: (promo: PromoItem) => void;
  onActive: (promo: PromoItem, active: boolean) => void;
}) {
  const drag = useSortable({ id: promo.id, disabled: !sortable });
  return (
    <Paper
      ref={drag.setNodeRef}
      component="li"
      withBorder
      p="xs"
      data-testid={`promo-row-${promo.id}`}
      style={{
        transform: CSS.Translate.toString(drag.transform),
        transition: drag.transition,
        position: 'relative',
        zIndex: drag.isDragging ? 1 : undefined,
        boxShadow: drag.isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group wrap="nowrap" align="flex-start">
        {sortable && <DragHandle drag={drag} label={promo.title} />}
        <Box w={160} style={{ flexShrink: 0 }}>
          <MediaElement
            kind="video"
            src={promo.playUrl}
            poster={promo.thumbnailUrl}
            label={`Player: ${promo.title}`}
            maxHeight={90}
          />
        </Box>
        <Stack gap={4} flex={1} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {promo.title}
          </Text>
          {promo.description && (
            <Text fz="sm" lineClamp={2}>
              {promo.description}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            Video: {promo.videoTitle} · Grades:{' '}
            {promo.grades.length ? promo.grades.map((g) => g.name).join(', ') : 'all'}
          </Text>
          <Group gap="sm">
            <StatusBadge color={promo.status === 'active' ? 'green' : 'gray'}>
              {promo.status === 'active' ? 'Active' : 'Inactive'}
            </StatusBadge>
            <Switch
              size="sm"
              checked={promo.status === 'active'}
              onChange={(e) => onActive(promo, e.currentTarget.checked)}
              aria-label={`Active: ${promo.title}`}
            />
          </Group>
        </Stack>
        <RowMenu
          name={promo.title}
          actions={[
            { label: 'Edit', icon: IconPencil, onClick: () => onEdit(promo) },
            ...(sortable ? moveActions(index, count, (by) => onMove(promo, by)) : []),
            { label: 'Delete', icon: IconTrash, danger: true, onClick: () => onDelete(promo) },
          ]}
        />
      </Group>
    </Paper>
  );
}
