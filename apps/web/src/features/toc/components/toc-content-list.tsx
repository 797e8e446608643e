import type { ContentItem } from '@bo/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { MediaElement } from '../../../components/media-element.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { removeContent, useTocMutation } from '../api/toc-api.ts';

/** A node's content: open a PDF or link, play a video or audio, remove (after asking). */
export function TocContentList({ isbn, items }: { isbn: string; items: ContentItem[] }) {
  const remove = useTocMutation(isbn, removeContent);
  const [removing, setRemoving] = useState<ContentItem | null>(null);
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
      {items.map((item) => (
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
      {removing && (
        <ConfirmModal
          title={`Remove "${removing.title}"?`}
          confirmLabel="Remove"
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: removing.id });
              setRemoving(null);
            } catch (error) {
              notifyError(error);
            }
          }}
        >
          {removing.kind === 'pdf'
            ? 'The uploaded PDF is deleted.'
            : 'It stays in the media library; only its place on this node goes.'}
        </ConfirmModal>
      )}
    </Stack>
  );
}
