import { Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGenerateQrCodes } from '../api/generate-qr-codes.ts';
import { useBookToc } from '../api/get-book-toc.ts';
import { useQrAddress } from '../api/get-qr-address.ts';
import { nodePaths } from './node-paths.ts';
import { QrAddressNote } from './qr-address-note.tsx';

/**
 * How many codes "Generate for all nodes" would make: the book's TOC nodes
 * without a code. Known only when every code of the book is listed (one page)
 * and the TOC has loaded; null otherwise.
 */
export function codesToMake(
  tocNodeIds: number[] | undefined,
  codedNodes: Set<number>,
  allCodesListed: boolean,
): number | null {
  if (!tocNodeIds || !allCodesListed) return null;
  return tocNodeIds.filter((id) => !codedNodes.has(id)).length;
}

/**
 * Asks before making a code for every TOC node that has none: says how many
 * (when known) and that printed codes cannot be taken back.
 */
export function GenerateAllDialog({
  bookId,
  isbn,
  codedNodes,
  allCodesListed,
  onQueued,
  onClose,
}: {
  bookId: number;
  isbn: string;
  /** TOC nodes that already have a code. */
  codedNodes: Set<number>;
  /** Whether `codedNodes` comes from every code of the book (not one page of many). */
  allCodesListed: boolean;
  /** A large generation was queued as a job: its id, to follow it. */
  onQueued: (jobId: string) => void;
  onClose: () => void;
}) {
  const toc = useBookToc(isbn);
  const generate = useGenerateQrCodes();
  const address = useQrAddress();
  const ids = toc.data ? nodePaths(toc.data.nodes).map((n) => n.id) : undefined;
  const count = codesToMake(ids, codedNodes, allCodesListed);
  const plural = (n: number) => `${n} code${n === 1 ? '' : 's'}`;

  const confirm = () =>
    generate.mutate(
      { mode: 'nodes', bookId },
      {
        onSuccess: (r) => {
          if (r.jobId) onQueued(r.jobId);
          else
            notifySuccess(
              r.created ? `${plural(r.created)} generated` : 'Every node already has a code',
            );
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not generate the codes'),
      },
    );

  return (
    <ConfirmDialog
      title="Generate codes for all nodes?"
      confirmLabel={count ? `Generate ${plural(count)}` : 'Generate'}
      color="indigo"
      loading={generate.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text fz="sm" data-testid="generate-all-count">
          {count === null
            ? 'A code will be made for every TOC node of this book that has none yet.'
            : count === 0
              ? 'Every TOC node of this book already has a code: nothing will be made.'
              : `${plural(count)} will be made, one for each TOC node that has none yet.`}
        </Text>
        <Text fz="sm">
          Once printed, a code cannot be taken back: it can only be disabled or pointed at other
          content.
        </Text>
        <QrAddressNote address={address} />
      </Stack>
    </ConfirmDialog>
  );
}
