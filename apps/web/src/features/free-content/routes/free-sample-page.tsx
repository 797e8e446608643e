import type { FreeTocNode } from '@bo/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateFreeToc } from '../api/create-free-toc.ts';
import { useFreeToc } from '../api/get-free-toc.ts';
import { useUpdateFreeNode } from '../api/update-free-node.ts';
import { CloneModal } from '../components/clone-modal.tsx';
import { FreeTocTree } from '../components/free-toc-tree.tsx';

/** /free-content/:isbn: a book's TOC with free switches, copy from another book, clear. */
export function FreeSamplePage() {
  const isbn = useParams().isbn ?? '';
  const toc = useFreeToc(isbn);
  const update = useUpdateFreeNode();
  const create = useCreateFreeToc();
  const [cloning, setCloning] = useState(false);
  const [clearing, setClearing] = useState(false);

  const onSwitch = async (node: FreeTocNode, isFree: boolean) => {
    try {
      await update.mutateAsync({ nodeId: node.id, isFree });
    } catch (e) {
      notifyError(e, `Could not change "${node.title}"`);
    }
  };
  const clear = async () => {
    if (!toc.data) return;
    try {
      await create.mutateAsync({ bookId: toc.data.book.id, nodeIds: [] });
      notifySuccess('The free sample is cleared');
      setClearing(false);
    } catch (e) {
      notifyError(e, 'Could not clear the sample');
    }
  };

  if (toc.isPending) return <Skeleton h={300} />;
  if (toc.isError)
    return (
      <Alert color="red" title="Could not open the book">
        {errorMessage(toc.error)}
      </Alert>
    );
  const { book } = toc.data;
  return (
    <>
      <PageHeader
        title={`Free sample: ${book.title}`}
        description={`ISBN ${book.isbn}. A free node opens everything under it.`}
      />
      <Stack>
        <Group justify="space-between">
          <Text aria-live="polite">
            {toc.data.chosenCount} chosen, {toc.data.openCount} of {toc.data.nodeCount} nodes free
          </Text>
          <Group>
            <Button variant="default" onClick={() => setCloning(true)}>
              Copy from another book
            </Button>
            <Button
              variant="default"
              disabled={toc.data.chosenCount === 0}
              onClick={() => setClearing(true)}
            >
              Clear sample
            </Button>
          </Group>
        </Group>
        {toc.data.freeBook && (
          <Alert color="blue" title="The whole book is free">
            Learners already open every node of this book; the sample matters once the book is no
            longer free as a whole.
          </Alert>
        )}
        <Paper withBorder p="sm">
          {toc.data.nodes.length === 0 ? (
            <Text c="dimmed">This book has no TOC yet: build it on the book's page first.</Text>
          ) : (
            <FreeTocTree nodes={toc.data.nodes} busy={update.isPending} onSwitch={onSwitch} />
          )}
        </Paper>
      </Stack>
      {cloning && <CloneModal book={book} onClose={() => setCloning(false)} />}
      {clearing && (
        <ConfirmDialog
          title="Clear the free sample?"
          confirmLabel="Clear"
          loading={create.isPending}
          onConfirm={clear}
          onClose={() => setClearing(false)}
        >
          No node of "{book.title}" will be free any more.
        </ConfirmDialog>
      )}
    </>
  );
}
