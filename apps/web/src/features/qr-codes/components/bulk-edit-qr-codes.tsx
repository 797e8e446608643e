import type { QrBulkTarget, QrCode, QrCodeBulkSet } from '@bo/contract';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { bulkEditQrCodes } from '../api/bulk-edit-qr-codes.ts';
import { useBookToc } from '../api/get-book-toc.ts';
import { qrKeys } from '../api/qr-keys.ts';
import { useVideoSearch } from '../api/search-videos.ts';
import { nodePaths } from './node-paths.ts';

type Scans = 'keep' | 'enable' | 'disable';
type Where = 'keep' | 'book' | 'video';

/**
 * A book's codes, the selected ones or all of them, enabled or disabled
 * and pointed elsewhere at once, as a job with Undo (docs/bulk-edits.md).
 * Each code keeps the book it is printed in: the book's own nodes, the
 * whole book, or a video.
 */
export function BulkEditQrCodes({
  bookId,
  isbn,
  total,
  selected,
  onClose,
}: {
  bookId: number;
  isbn: string;
  total: number;
  selected: QrCode[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [scans, setScans] = useState<Scans>('keep');
  const [where, setWhere] = useState<Where>('keep');
  const [target, setTarget] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const toc = useBookToc(where === 'book' ? isbn : undefined);
  const videos = useVideoSearch(where === 'video' ? search : '');
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: qrKeys.all }),
    [queryClient],
  );

  const bookTargets = [
    { value: 'book', label: `The whole book${toc.data ? ` (${toc.data.book.title})` : ''}` },
    ...nodePaths(toc.data?.nodes ?? []).map((n) => ({ value: `toc_node:${n.id}`, label: n.path })),
  ];
  const videoTargets = (videos.data?.items ?? []).map((v) => ({
    value: `video:${v.id}`,
    label: v.title,
  }));
  const chosen: QrBulkTarget | undefined =
    where === 'keep' || !target
      ? undefined
      : target === 'book'
        ? { kind: 'book' }
        : {
            kind: target.startsWith('video:') ? 'video' : 'toc_node',
            id: Number(target.split(':')[1]),
          };
  const set: QrCodeBulkSet = {
    ...(scans === 'keep' ? {} : { enabled: scans === 'enable' }),
    ...(chosen ? { target: chosen } : {}),
  };

  return (
    <BulkEditDialog
      noun={{ one: 'QR code', many: 'QR codes' }}
      selectedCount={selected.length}
      matchingCount={{ n: total, estimate: false }}
      ready={Object.keys(set).length > 0}
      onStart={(scope) =>
        bulkEditQrCodes({
          selection:
            scope === 'selected'
              ? { ids: selected.map((c) => c.id) }
              : { filter: { bookId: String(bookId) } },
          set,
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="qr-bulk-enabled">
          Scans of these codes
        </Text>
        <SegmentedControl
          aria-labelledby="qr-bulk-enabled"
          value={scans}
          onChange={(v) => setScans(v as Scans)}
          data={[
            { value: 'keep', label: 'Leave as they are' },
            { value: 'disable', label: 'Disable' },
            { value: 'enable', label: 'Enable' },
          ]}
        />
        <Text fz="xs" c="dimmed">
          A disabled code's scans show a friendly page instead of the content.
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="qr-bulk-where">
          What the codes open
        </Text>
        <SegmentedControl
          aria-labelledby="qr-bulk-where"
          value={where}
          onChange={(v) => {
            setWhere(v as Where);
            setTarget(null);
          }}
          data={[
            { value: 'keep', label: 'Leave as it is' },
            { value: 'book', label: 'The book or a node' },
            { value: 'video', label: 'A video' },
          ]}
        />
        {where !== 'keep' && (
          <Select
            label={where === 'video' ? 'Video' : 'Opens'}
            placeholder={where === 'video' ? 'Search videos by title' : 'Choose the book or a node'}
            data={where === 'video' ? videoTargets : bookTargets}
            value={target}
            onChange={setTarget}
            searchable
            {...(where === 'video' ? { onSearchChange: setSearch, searchValue: search } : {})}
            nothingFoundMessage="Nothing found"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Text fz="xs" c="dimmed">
          The printed codes stay the same; scans open the new target from now on.
        </Text>
      </Stack>
    </BulkEditDialog>
  );
}
