import type { ContentItem, MediaKind, Toc, TocNode } from '@bo/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMediaList } from '../../media/api/list-media.ts';
import {
  attachMedia,
  moveTocNode,
  removeContent,
  uploadPdf,
  useTocMutation,
} from '../api/toc-api.ts';
import { subtreeIds } from '../utils/flat-tree.ts';

const flatten = (nodes: TocNode[], path = ''): { node: TocNode; path: string }[] =>
  nodes.flatMap((n) => {
    const p = path ? `${path} › ${n.title}` : n.title;
    return [{ node: n, path: p }, ...flatten(n.children, p)];
  });

/** The selected node: where it sits (reparent), its content (open, play, remove), attach and upload. */
export function TocNodePanel({
  toc,
  isbn,
  node,
  items,
}: {
  toc: Toc;
  isbn: string;
  node: TocNode;
  items: ContentItem[];
}) {
  const all = flatten(toc.nodes);
  const own = new Set(subtreeIds(node));
  const move = useTocMutation(isbn, moveTocNode);
  const parentOptions = [
    { value: 'top', label: '— Top level —' },
    ...all
      .filter((x) => !own.has(x.node.id))
      .map((x) => ({ value: String(x.node.id), label: x.path })),
  ];
  const mine = items.filter((i) => i.nodeId === node.id);

  return (
    <Card withBorder radius="md" data-testid="toc-node-panel">
      <Stack gap="md">
        <Text fw={600}>{node.title}</Text>
        <Select
          label="Place under"
          data={parentOptions}
          searchable
          value={node.parentId === null ? 'top' : String(node.parentId)}
          allowDeselect={false}
          disabled={move.isPending}
          onChange={(v) => {
            if (!v) return;
            const parentId = v === 'top' ? null : Number(v);
            if (parentId === node.parentId) return;
            move.mutateAsync({ id: node.id, parentId, position: 100_000 }).catch(notifyError);
          }}
        />
        <ContentList isbn={isbn} items={mine} />
        <AttachMedia isbn={isbn} nodeId={node.id} />
        <UploadPdf isbn={isbn} nodeId={node.id} />
      </Stack>
    </Card>
  );
}

function ContentList({ isbn, items }: { isbn: string; items: ContentItem[] }) {
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
            (item.kind === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: admin preview of uploaded media
              <video src={item.openUrl} controls style={{ width: '100%', maxHeight: 240 }} />
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: admin preview of uploaded media
              <audio src={item.openUrl} controls style={{ width: '100%' }} />
            ))}
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

function AttachMedia({ isbn, nodeId }: { isbn: string; nodeId: number }) {
  const [kind, setKind] = useState<MediaKind>('video');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const list = useMediaList(kind, { q: debounced || undefined, page: 1, pageSize: 8 });
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

function UploadPdf({ isbn, nodeId }: { isbn: string; nodeId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useTocMutation(isbn, (f: File) =>
    uploadPdf(nodeId, title.trim() || f.name.replace(/\.pdf$/i, ''), f, setProgress),
  );
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Upload a PDF
      </Text>
      <Group gap="xs" align="flex-end">
        <FileInput
          size="xs"
          placeholder="Choose a PDF"
          aria-label="PDF file"
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          style={{ flex: 1 }}
        />
        <TextInput
          size="xs"
          placeholder="Title (defaults to the file name)"
          aria-label="PDF title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          size="xs"
          leftSection={<IconUpload size={14} />}
          disabled={!file}
          loading={upload.isPending}
          onClick={async () => {
            if (!file) return;
            try {
              await upload.mutateAsync(file);
              notifySuccess('The PDF was uploaded.');
              setFile(null);
              setTitle('');
            } catch (error) {
              notifyError(error, 'Could not upload the PDF');
            } finally {
              setProgress(null);
            }
          }}
        >
          Upload
        </Button>
      </Group>
      {progress !== null && (
        <Progress value={progress * 100} size="sm" animated aria-label="Upload progress" />
      )}
    </Stack>
  );
}
