import type { QrCode } from '@bo/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPrinter, IconQrcode, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import {
  paginationControlProps,
  paginationItemProps,
} from '../../../components/pagination-labels.ts';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { downloadBookQrCodes } from '../api/download-qr-codes.ts';
import { useBookQrCodes } from '../api/list-book-qr-codes.ts';
import { printBookQrCodes } from '../api/print-qr-codes.ts';
import { GenerateAllDialog } from './generate-all-dialog.tsx';
import { GenerateModal } from './generate-modal.tsx';
import { GenerationJob } from './generation-job.tsx';
import { PrintModal } from './print-modal.tsx';
import { QrCodesImportModal } from './qr-codes-import-modal.tsx';
import { QrCodesTable } from './qr-codes-table.tsx';
import { RetargetModal } from './retarget-modal.tsx';
import { DisableCodeDialog, useToggleCode } from './toggle-code.tsx';

// The bulk enable/disable dialog loads when first opened.
const BulkEditQrCodes = lazyDialog(() =>
  import('./bulk-edit-qr-codes.tsx').then((m) => m.BulkEditQrCodes),
);

/**
 * A book's QR codes: generate (every node, after a confirmation; chosen nodes;
 * spare codes), print with a layout picker, retarget, disable, and scans per
 * code. Shown on the book page's "QR codes" tab and on the QR codes area's
 * book screen.
 */
export function BookQrSection({ bookId }: { bookId: number }) {
  const [page, setPage] = useState(1);
  const list = useBookQrCodes(bookId, page);
  const { enable } = useToggleCode();
  const [jobId, setJobId] = useState<string>();
  // Picked rows of this page; another page shows other codes.
  const [selected, setSelected] = useRowSelection<QrCode>(page);
  const [dialog, setDialog] = useState<
    | { kind: 'generate' }
    | { kind: 'generate-all' }
    | { kind: 'print' }
    | { kind: 'import' }
    | { kind: 'retarget'; code: QrCode }
    | { kind: 'disable'; code: QrCode }
    | { kind: 'bulk' }
    | null
  >(null);

  if (list.isPending) return <Skeleton h={200} />;
  if (list.isError)
    return (
      <Alert color="red" title="Could not load the QR codes">
        {errorMessage(list.error)}
      </Alert>
    );
  const data = list.data;
  const codedNodes = new Set(
    data.items.flatMap((c) => (c.targetKind === 'toc_node' && c.targetId ? [c.targetId] : [])),
  );
  return (
    <Card withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={2} fz="h4">
              QR codes
            </Title>
            <Text fz="sm" c="dimmed">
              {data.total} code{data.total === 1 ? '' : 's'} for this book
            </Text>
          </Stack>
          <Group gap="sm">
            <Button
              leftSection={<IconQrcode size={16} />}
              onClick={() => setDialog({ kind: 'generate-all' })}
            >
              Generate for all nodes
            </Button>
            <Button variant="default" onClick={() => setDialog({ kind: 'generate' })}>
              Choose nodes or spare…
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => setDialog({ kind: 'print' })}
              disabled={data.total === 0}
            >
              Print…
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                downloadBookQrCodes(bookId).catch((e: unknown) =>
                  notifyError(e, 'Could not download the codes'),
                )
              }
              disabled={data.total === 0}
            >
              Download XLSX
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setDialog({ kind: 'import' })}
              disabled={data.total === 0}
            >
              Update from XLSX…
            </Button>
            <Button
              variant="default"
              onClick={() => setDialog({ kind: 'bulk' })}
              disabled={data.total === 0}
            >
              Change all codes…
            </Button>
          </Group>
        </Group>
        {jobId && <GenerationJob key={jobId} id={jobId} />}
        {selected.length > 0 && (
          <SelectionBar count={selected.length} onClear={() => setSelected([])}>
            <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'bulk' })}>
              Change these codes…
            </Button>
          </SelectionBar>
        )}
        <QrCodesTable
          selection={{ selected, onChange: setSelected }}
          codes={data.items}
          caption={`QR codes of ${data.book.title}`}
          onRetarget={(code) => setDialog({ kind: 'retarget', code })}
          onToggle={(code) => (code.enabled ? setDialog({ kind: 'disable', code }) : enable(code))}
        />
        {data.total > data.pageSize && (
          <Pagination
            total={Math.ceil(data.total / data.pageSize)}
            value={page}
            onChange={setPage}
            getControlProps={paginationControlProps}
            getItemProps={paginationItemProps}
          />
        )}
      </Stack>
      {dialog?.kind === 'bulk' && (
        <BulkEditQrCodes
          bookId={bookId}
          isbn={data.book.isbn}
          total={data.total}
          selected={selected}
          onClose={() => {
            setDialog(null);
            setSelected([]);
          }}
        />
      )}
      {dialog?.kind === 'generate-all' && (
        <GenerateAllDialog
          bookId={bookId}
          isbn={data.book.isbn}
          codedNodes={codedNodes}
          allCodesListed={data.total <= data.items.length}
          onQueued={setJobId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'generate' && (
        <GenerateModal
          bookId={bookId}
          isbn={data.book.isbn}
          codedNodes={codedNodes}
          onQueued={setJobId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'print' && (
        <PrintModal
          codes={data.items.filter((c) => c.enabled).map((c) => c.code)}
          total={data.total}
          print={(layout) => printBookQrCodes(bookId, layout)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <QrCodesImportModal bookId={bookId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'retarget' && (
        <RetargetModal code={dialog.code} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'disable' && (
        <DisableCodeDialog code={dialog.code} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
