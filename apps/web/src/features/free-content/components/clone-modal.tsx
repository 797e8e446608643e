import type { CloneFreeTocResponse } from '@bo/contract';
import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCloneFreeToc } from '../api/clone-free-toc.ts';
import { useSampleBooks } from '../api/list-sample-books.ts';

/**
 * Copies another book's free sample onto this one (replacing this book's):
 * pick a book with a sample, copy, then read what could not be matched.
 */
export function CloneModal({
  book,
  onClose,
}: {
  book: { id: number; title: string };
  onClose: () => void;
}) {
  const [fromId, setFromId] = useState<string | null>(null);
  const [result, setResult] = useState<CloneFreeTocResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The first 100 books with a sample, searched here by title or ISBN.
  const books = useSampleBooks(1, '', 100);
  const clone = useCloneFreeToc();
  const options = (books.data?.items ?? [])
    .filter((b) => b.bookId !== book.id)
    .map((b) => ({ value: String(b.bookId), label: `${b.title} (${b.isbn})` }));

  const copy = async () => {
    if (!fromId) return;
    setError(null);
    try {
      const res = await clone.mutateAsync({ bookId: book.id, fromBookId: Number(fromId) });
      setResult(res);
      const n = res.byMaster + res.byTitle;
      notifySuccess(`Copied ${n} node${n === 1 ? '' : 's'} to "${book.title}"`);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Copy a free sample from another book" size="lg">
      {result ? (
        <Stack>
          <Text>
            {result.byMaster} node{result.byMaster === 1 ? '' : 's'} matched by master chapter or
            topic, {result.byTitle} by title.
          </Text>
          {result.unmatched.length > 0 ? (
            <Alert color="orange" title={`${result.unmatched.length} not matched, not copied`}>
              <List size="sm" aria-label="Nodes not matched">
                {result.unmatched.map((n) => (
                  <List.Item key={n.id}>{n.path}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Text c="dimmed">Every node of the sample found its place.</Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text fz="sm">
            Nodes are matched by their master chapter or topic first, then by title. This book's
            current sample is replaced.
          </Text>
          <Select
            label="Book to copy from"
            placeholder="Search books with a sample"
            searchable
            data={options}
            value={fromId}
            onChange={setFromId}
            nothingFoundMessage={
              books.isFetching ? 'Loading…' : 'No other book with a sample matches'
            }
            comboboxProps={{ withinPortal: true }}
          />
          {error !== null && (
            <Alert color="red" title="Could not copy">
              {errorMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={copy} disabled={!fromId} loading={clone.isPending}>
              Copy sample
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
