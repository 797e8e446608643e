import type { ContentItem } from '@bo/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { MediaElement } from '../../../components/media-element.tsx';
import {
  type CodesChoice,
  isPrintedCodesRefusal,
  PrintedCodesDialog,
} from '../../../components/printed-codes-choice.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRemoveContent } from '../api/remove-content.ts';
import { useReorderContent } from '../api/reorder-content.ts';

/** A node's content: open a PDF or link, play a video or audio, remove (after asking). */
export function TocContentList({
  isbn,
  nodeId,
  items,
}: {
  isbn: string;
  nodeId: number;
  items: ContentItem[];
}) {
  const remove = useRemoveContent(isbn);
  const reorder = useReorderContent(isbn);
  /** Swaps an item with its neighbour; the server takes the node's whole new order. */
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutateAsync({ parentId: nodeId, ids }).catch(notifyError);
  };
  const [removing, setRemoving] = useState<ContentItem | null>(null);
  // The last content under printed QR codes: the server asks where they point next.
  const [codesRefusal, setCodesRefusal] = useState<ApiError | null>(null);
  const removeWith = async (item: ContentItem, choice: CodesChoice | Record<string, never>) => {
    try {
      await remove.mutateAsync({ id: item.id, ...choice });
      setRemoving(null);
      setCodesRefusal(null);
    } catch (error) {
      if (isPrintedCodesRefusal(error)) setCodesRefusal(error);
      else notifyError(error);
    }
  };
  const [playing, setPlaying] = useState<number | null>(null);
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Content
      </Text>
      {items.length === 0 && (
        <Text fz="sm" c="dimmed">
          Nothing on this node yet.
        </Text>
      )}
      {items.map((item, index) => (
        <Stack key={item.id} gap={4} data-testid="toc-content-item">
          <Group gap="xs" wrap="nowrap">
            <Badge size="xs" variant="light">
              {item.kind.toUpperCase()}
            </Badge>
            <Text fz="sm" style={{ flex: 1 }} truncate>
              {item.title}
              {item.pages ? ` · ${item.pages} page${item.pages === 1 ? '' : 's'}` : ''}
            </Text>
            {item.openUrl && item.kind !== 'video' && item.kind !== 'audio' && (
              <Anchor href={item.openUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                Open
              </Anchor>
            )}
            {item.openUrl && (item.kind === 'video' || item.kind === 'audio') && (
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`${playing === item.id ? 'Hide' : 'Play'} ${item.title}`}
                onClick={() => setPlaying(playing === item.id ? null : item.id)}
              >
                {playing === item.id ? 'Hide' : 'Play'}
              </Button>
            )}
            {items.length > 1 && (
              <Group gap={0} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${item.title} up`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${item.title} down`}
                  disabled={index === items.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            )}
            <Tooltip label="Remove from node">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                onClick={() => setRemoving(item)}
                aria-label={`Remove ${item.title}`}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {playing === item.id &&
            item.openUrl &&
            (item.kind === 'video' || item.kind === 'audio') && (
              <MediaElement
                kind={item.kind}
                src={item.openUrl}
                label={`Player: ${item.title}`}
                autoPlay
                maxHeight={240}
              />
            )}
        </Stack>
      ))}
      {removing && !codesRefusal && (
        <ConfirmModal
          title={`Remove "${removing.title}"?`}
          confirmLabel="Remove"
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => removeWith(removing, {})}
        >
          {removing.kind === 'pdf'
            ? 'The uploaded PDF is deleted.'
            : 'It stays in the media library; only its place on this node goes.'}
        </ConfirmModal>
      )}
      {removing && codesRefusal && (
        <PrintedCodesDialog
          error={codesRefusal}
          offer={['parent', 'book']}
          confirmLabel="Remove"
          loading={remove.isPending}
          onClose={() => {
            setRemoving(null);
            setCodesRefusal(null);
          }}
          onConfirm={(choice) => removeWith(removing, choice)}
        />
      )}
    </Stack>
  );
}
