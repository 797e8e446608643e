import type { MediaKind } from '@bo/contract';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMediaSearch } from '../api/search-media.ts';
import { attachMedia, useTocMutation } from '../api/toc-api.ts';

/** Search the media library by title and attach a video or audio to the node (never twice). */
export function TocAttachMedia({ isbn, nodeId }: { isbn: string; nodeId: number }) {
  const [kind, setKind] = useState<MediaKind>('video');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const list = useMediaSearch(kind, debounced);
  const attach = useTocMutation(isbn, (mediaItemId: number) =>
    attachMedia(kind, { nodeId, mediaItemId }),
  );
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Attach from the media library
      </Text>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(v) => setKind(v as MediaKind)}
          data={[
            { value: 'video', label: 'Video' },
            { value: 'audio', label: 'Audio' },
          ]}
        />
        <TextInput
          size="xs"
          placeholder="Search by title"
          aria-label="Search media"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
      </Group>
      {list.isError && (
        <Text fz="xs" c="red">
          The media library could not be read.
        </Text>
      )}
      {list.data?.items.map((m) => (
        <Group key={m.id} gap="xs" wrap="nowrap">
          <Text fz="sm" style={{ flex: 1 }} truncate>
            {m.title}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            loading={attach.isPending && attach.variables === m.id}
            onClick={async () => {
              try {
                const r = await attach.mutateAsync(m.id);
                notifySuccess(
                  r.mapped ? `"${m.title}" attached.` : `"${m.title}" is already on this node.`,
                );
              } catch (error) {
                notifyError(error);
              }
            }}
          >
            Attach
          </Button>
        </Group>
      ))}
      {list.data && list.data.items.length === 0 && (
        <Text fz="xs" c="dimmed">
          No {kind === 'video' ? 'videos' : 'audios'} match.
        </Text>
      )}
    </Stack>
  );
}
