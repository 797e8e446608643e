import type { MediaKind } from '@bo/contract';
import { Alert, Center, Drawer, Loader, Stack, Text } from '@mantine/core';
import { MediaElement } from '../../../components/media-element.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useMedia } from '../api/get-media.ts';
import { formatDuration, formatSize } from './labels.ts';

/** Plays an item in a drawer, from a freshly signed link (media elements cannot send a bearer). */
export function MediaPlayerDrawer({
  kind,
  id,
  onClose,
}: {
  kind: MediaKind;
  id: number | null;
  onClose: () => void;
}) {
  const item = useMedia(kind, id);
  const data = item.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data?.title ?? 'Player'}
    >
      {item.isError ? (
        <Alert color="red" title="Could not load this item">
          {errorMessage(item.error)}
        </Alert>
      ) : !data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Stack>
          <MediaElement
            key={data.playUrl}
            kind={data.kind}
            src={data.playUrl}
            poster={data.thumbnailUrl}
            label={`Player: ${data.title}`}
            maxHeight={400}
            testId="media-player"
          />
          {data.description && <Text fz="sm">{data.description}</Text>}
          <Text fz="sm" c="dimmed">
            Duration {formatDuration(data.durationSeconds)} · {data.language}
            {data.file ? ` · ${data.file.originalName} (${formatSize(data.file.size)})` : ''}
            {data.url ? ` · ${data.url}` : ''}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
