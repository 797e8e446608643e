import type { MediaItem, MediaKind } from '@bo/contract';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { notifyError, notifyOutcome } from '../../../lib/notify.ts';
import { useAttachMedia } from '../api/attach-media.ts';
import { type MediaScope, useMediaSearch } from '../api/search-media.ts';

export interface BookSubject {
  id: number;
  name: string;
}

type ScopeKey = 'chapter' | 'subject' | 'all';

const pathOf = (m: MediaItem) =>
  [m.subjectName, m.chapterName, m.topicName].filter(Boolean).join(' › ') || 'Not tagged';

/**
 * Search the media library and attach a video or audio to the node (never
 * twice). The search starts where the node's content most likely is: the
 * master chapter the node belongs to, else the book's subject; "All" widens
 * it to the whole library.
 */
export function TocAttachMedia({
  isbn,
  nodeId,
  chapterId,
  subject,
  attached,
}: {
  isbn: string;
  nodeId: number;
  /** The node's master chapter (its own or an ancestor's). */
  chapterId: number | null;
  subject: BookSubject | null;
  /** Media items already on this node. */
  attached: ReadonlySet<number>;
}) {
  const [kind, setKind] = useState<MediaKind>('video');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const scopes: { value: ScopeKey; label: string; filter: MediaScope }[] = [
    ...(chapterId
      ? [{ value: 'chapter' as const, label: 'This chapter', filter: { chapterId } }]
      : []),
    ...(subject
      ? [{ value: 'subject' as const, label: subject.name, filter: { subjectId: subject.id } }]
      : []),
    { value: 'all', label: 'All', filter: {} },
  ];
  const [picked, setPicked] = useState<ScopeKey | null>(null);
  // A choice that this node does not offer (no chapter here) falls back to the narrowest one.
  const scope = scopes.find((s) => s.value === picked) ?? scopes[0]!;
  const list = useMediaSearch(kind, debounced, scope.filter);
  const attach = useAttachMedia(isbn, kind, nodeId);
  const noun = kind === 'video' ? 'videos' : 'audios';
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
      {scopes.length > 1 && (
        <SegmentedControl
          size="xs"
          aria-label="Look in"
          value={scope.value}
          onChange={(v) => setPicked(v as ScopeKey)}
          data={scopes.map(({ value, label }) => ({ value, label }))}
        />
      )}
      {list.isError && (
        <Text fz="xs" c="red">
          The media library could not be read.
        </Text>
      )}
      {list.data?.items.map((m) => (
        <Group key={m.id} gap="xs" wrap="nowrap" data-testid="toc-media-result">
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fz="sm" truncate>
              {m.title}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {pathOf(m)}
            </Text>
          </Stack>
          {attached.has(m.id) ? (
            <Text fz="xs" c="dimmed">
              On this node
            </Text>
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              aria-label={`Attach ${m.title}`}
              loading={attach.isPending && attach.variables === m.id}
              onClick={async () => {
                try {
                  const r = await attach.mutateAsync(m.id);
                  notifyOutcome(r.mapped ? 1 : 0, {
                    done: `"${m.title}" attached.`,
                    nothing: `"${m.title}" is already on this node.`,
                  });
                } catch (error) {
                  notifyError(error);
                }
              }}
            >
              Attach
            </Button>
          )}
        </Group>
      ))}
      {list.data && list.data.items.length === 0 && (
        <Text fz="xs" c="dimmed">
          {scope.value === 'all'
            ? `No ${noun} match.`
            : `No ${noun} match in ${scope.value === 'chapter' ? 'this chapter' : subject?.name}; look in All for the whole library.`}
        </Text>
      )}
    </Stack>
  );
}
