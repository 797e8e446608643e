import type { QrCode } from '@bo/contract';
import { Alert, Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/pager.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGenerateVideoQrCode } from '../api/generate-video-qr-code.ts';
import { useVideoQrCodes } from '../api/list-video-qr-codes.ts';
import { printVideoQrCodes } from '../api/print-qr-codes.ts';
import { useVideoSearch } from '../api/search-videos.ts';
import { PrintModal } from './print-modal.tsx';
import { QrCodesTable } from './qr-codes-table.tsx';
import { RetargetModal } from './retarget-modal.tsx';
import { DisableCodeDialog, useToggleCode } from './toggle-code.tsx';

/** Video codes: make one for a video, print them, retarget and disable. */
export function VideoCodes() {
  const [page, setPage] = useState(1);
  const list = useVideoQrCodes(page);
  const [search, setSearch] = useState('');
  const videos = useVideoSearch(search);
  const [videoId, setVideoId] = useState<string | null>(null);
  const make = useGenerateVideoQrCode();
  const { enable } = useToggleCode();
  const [dialog, setDialog] = useState<
    { kind: 'print' } | { kind: 'retarget' | 'disable'; code: QrCode } | null
  >(null);

  if (list.isPending) return <Skeleton h={200} />;
  if (list.isError)
    return (
      <Alert color="red" title="Could not load the video codes">
        {errorMessage(list.error)}
      </Alert>
    );
  const create = () => {
    if (!videoId) return;
    make.mutate(
      { videoId: Number(videoId) },
      {
        onSuccess: (c) => {
          notifySuccess(`${c.code} made for ${c.targetLabel}`);
          setVideoId(null);
          setSearch('');
        },
        onError: (e) => notifyError(e, 'Could not make the code'),
      },
    );
  };
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Video"
          placeholder="Search videos by title"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={(videos.data?.items ?? []).map((v) => ({ value: String(v.id), label: v.title }))}
          value={videoId}
          onChange={setVideoId}
          nothingFoundMessage="No video found"
          w={320}
        />
        <Button onClick={create} loading={make.isPending} disabled={!videoId}>
          Make a code
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => setDialog({ kind: 'print' })}
          disabled={list.data.total === 0}
        >
          Print…
        </Button>
      </Group>
      <QrCodesTable
        codes={list.data.items}
        caption="Video QR codes"
        onRetarget={(code) => setDialog({ kind: 'retarget', code })}
        onToggle={(code) => (code.enabled ? setDialog({ kind: 'disable', code }) : enable(code))}
      />
      <Pager {...list.data} onChange={setPage} />
      {dialog?.kind === 'print' && (
        <PrintModal
          codes={list.data.items.filter((c) => c.enabled).map((c) => c.code)}
          total={list.data.total}
          print={printVideoQrCodes}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'retarget' && (
        <RetargetModal code={dialog.code} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'disable' && (
        <DisableCodeDialog code={dialog.code} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
