import type { QrCode } from '@bo/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBookToc } from '../api/get-book-toc.ts';
import { useRetargetQrCode } from '../api/retarget-qr-code.ts';
import { useVideoSearch } from '../api/search-videos.ts';
import { nodePaths } from './node-paths.ts';

/**
 * Points a code at another target: a book's code at the book or one of its
 * nodes, a video's code at another video. The printed code stays the same.
 */
export function RetargetModal({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const toc = useBookToc(code.bookIsbn ?? undefined);
  const [search, setSearch] = useState('');
  const videos = useVideoSearch(code.bookId === null ? search : '');
  const retarget = useRetargetQrCode();
  const current = code.targetKind && code.targetId ? `${code.targetKind}:${code.targetId}` : null;
  const [value, setValue] = useState<string | null>(current);
  const [error, setError] = useState<string | null>(null);

  const options =
    code.bookId === null
      ? (videos.data?.items ?? []).map((v) => ({ value: `video:${v.id}`, label: v.title }))
      : [
          {
            value: `book:${code.bookId}`,
            label: `The whole book${toc.data ? ` (${toc.data.book.title})` : ''}`,
          },
          ...nodePaths(toc.data?.nodes ?? []).map((n) => ({
            value: `toc_node:${n.id}`,
            label: n.path,
          })),
        ];
  if (
    code.bookId === null &&
    current &&
    code.targetLabel &&
    !options.some((o) => o.value === current)
  )
    options.unshift({ value: current, label: code.targetLabel });

  const save = () => {
    if (!value) {
      setError('Required');
      return;
    }
    const [kind, id] = value.split(':') as ['book' | 'toc_node' | 'video', string];
    retarget.mutate(
      { id: code.id, target: { kind, id: Number(id) } },
      {
        onSuccess: (c) => {
          notifySuccess(`${c.code} now opens ${c.targetLabel ?? 'its new target'}`);
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not retarget the code'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Retarget ${code.code}`}>
      <Stack>
        <Text fz="sm" c="dimmed">
          The printed code stays the same; scans open the new target from now on.
        </Text>
        <Select
          label={code.bookId === null ? 'Video' : 'Opens'}
          data={options}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          searchable
          {...(code.bookId === null ? { onSearchChange: setSearch, searchValue: search } : {})}
          nothingFoundMessage="Nothing found"
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={retarget.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
