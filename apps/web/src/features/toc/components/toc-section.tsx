import { Box, Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconListTree, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  type CodesChoice,
  isPrintedCodesRefusal,
  PrintedCodesDialog,
} from '../../../components/printed-codes-choice.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { downloadToc } from '../api/download-toc.ts';
import { useDummyToc } from '../api/dummy-toc.ts';
import { useDigitalContent } from '../api/get-digital-content.ts';
import { useToc } from '../api/get-toc.ts';
import { findNode } from '../utils/flat-tree.ts';
import type { BookSubject } from './toc-attach-media.tsx';
import { TocTree } from './toc-tree.tsx';

// Shown only once a node is selected: its code (attach media, content list,
// PDF upload, ~6 kB) loads then, not with the page.
const TocNodePanel = lazy(() =>
  import('./toc-node-panel.tsx').then((m) => ({ default: m.TocNodePanel })),
);

const TocUploadModal = lazyDialog(() =>
  import('./toc-upload-modal.tsx').then((m) => m.TocUploadModal),
);

/** A book's table of contents and the content of the selected node. */
export function TocSection({ isbn, subject }: { isbn: string; subject: BookSubject | null }) {
  const toc = useToc(isbn);
  const content = useDigitalContent(isbn);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [replacing, setReplacing] = useState(false);
  const draft = useDummyToc(isbn);
  const [uploading, setUploading] = useState(false);
  const tocDownload = useDownload('Could not download the TOC');

  // Set when the server refused to replace a TOC that printed QR codes point into.
  const [codesRefusal, setCodesRefusal] = useState<ApiError | null>(null);
  const build = async (replace: boolean, choice: CodesChoice | object = {}) => {
    try {
      const r = await draft.mutateAsync({ isbn, replace, ...choice });
      notifySuccess(`Draft TOC built: ${r.nodeCount} nodes.`);
      setReplacing(false);
      setCodesRefusal(null);
      setSelectedId(null);
    } catch (error) {
      if (isPrintedCodesRefusal(error)) {
        setReplacing(false);
        setCodesRefusal(error);
      } else notifyError(error);
    }
  };

  const download = () => {
    const id = toc.data?.book.id;
    if (id !== undefined) void tocDownload.start(() => downloadToc(id));
  };

  if (toc.isPending) return <Skeleton h={200} />;
  if (toc.isError) {
    return <LoadError title="Could not load the table of contents" query={toc} />;
  }
  const selected = findNode(toc.data.nodes, selectedId);
  return (
    <Card withBorder radius="md" data-testid="toc-section">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Table of contents</Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              loading={tocDownload.busy}
              onClick={download}
            >
              Download TOC (XLSX)
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconUpload size={14} />}
              onClick={() => setUploading(true)}
            >
              Upload TOC
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconListTree size={14} />}
              loading={draft.isPending && !replacing}
              onClick={() => (toc.data.nodeCount ? setReplacing(true) : build(false))}
            >
              Build draft from masters
            </Button>
          </Group>
        </Group>
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <TocTree toc={toc.data} isbn={isbn} selectedId={selectedId} onSelect={setSelectedId} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {/* Beside a long tree the panel stays in view under the header, scrolling on its own. */}
            <Box
              pos={{ base: 'static', md: 'sticky' }}
              top={76}
              mah={{ md: 'calc(100vh - 92px)' }}
              style={{ overflowY: 'auto' }}
            >
              {selected ? (
                <Suspense fallback={<Skeleton h={160} />}>
                  <TocNodePanel
                    toc={toc.data}
                    isbn={isbn}
                    node={selected}
                    items={content.data?.items ?? []}
                    subject={subject}
                  />
                </Suspense>
              ) : (
                <Text fz="sm" c="dimmed">
                  Select a node to see and attach its content.
                </Text>
              )}
            </Box>
          </Grid.Col>
        </Grid>
      </Stack>
      {uploading && (
        <TocUploadModal bookId={toc.data.book.id} onClose={() => setUploading(false)} />
      )}
      {replacing && (
        <ConfirmModal
          title="Replace the TOC?"
          confirmLabel="Replace"
          loading={draft.isPending}
          onClose={() => setReplacing(false)}
          onConfirm={() => build(true)}
        >
          The current {toc.data.nodeCount} nodes and all their content (uploaded PDFs included) are
          deleted and a draft is built from the master chapters and topics.
        </ConfirmModal>
      )}
      {codesRefusal && (
        <PrintedCodesDialog
          error={codesRefusal}
          offer={['book']}
          confirmLabel="Replace"
          loading={draft.isPending}
          onClose={() => setCodesRefusal(null)}
          onConfirm={(choice) => build(true, choice)}
        />
      )}
    </Card>
  );
}
