import type { FreeBook } from '@bo/contract';
import { addFreeIsbnBody } from '@bo/contract/free-content';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddFreeIsbn } from '../api/add-free-isbn.ts';
import { useDeleteFreeIsbn } from '../api/delete-free-isbn.ts';
import { useFreeBooks } from '../api/list-free-books.ts';

const validate = validateWith(addFreeIsbnBody);

/** Books free as a whole: add one by ISBN, search, remove (asked first). */
export function FreeBooks() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useFreeBooks(page, q.trim());
  const add = useAddFreeIsbn();
  const remove = useDeleteFreeIsbn();
  const [removing, setRemoving] = useState<FreeBook | null>(null);
  const form = useForm({ initialValues: { isbn: '' }, validate, ...liveValidation });

  const submit = form.onSubmit(
    async (values) => {
      try {
        const book = await add.mutateAsync(values);
        notifySuccess(`"${book.title}" is free to every learner`);
        form.reset();
      } catch (e) {
        showFormError(form, e);
      }
    },
    (errors) => focusFirstInvalid(errors),
  );

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ bookId: removing.bookId });
      notifySuccess(`"${removing.title}" is no longer free as a whole`);
      setRemoving(null);
    } catch (e) {
      notifyError(e, 'Could not remove the book');
    }
  };

  return (
    <Stack>
      <form onSubmit={submit} noValidate aria-label="Make a book free">
        <Group align="flex-start">
          <TextInput
            label="ISBN of the book to make free"
            placeholder="978…"
            w={360}
            {...form.getInputProps('isbn')}
          />
          <Button type="submit" mt={25} loading={add.isPending}>
            Make free
          </Button>
        </Group>
      </form>
      <TextInput
        label="Search free books"
        placeholder="Title or ISBN"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      {list.isPending && <Skeleton h={120} />}
      {list.isError && (
        <Alert color="red" title="Could not load the free books">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data?.items.length === 0 && (
        <Text c="dimmed">{q ? 'No free book matches.' : 'No book is free as a whole yet.'}</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Table striped aria-label="Free books">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Book</Table.Th>
              <Table.Th>ISBN</Table.Th>
              <Table.Th>Made free</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((b) => (
              <Table.Tr key={b.bookId}>
                <Table.Td>{b.title}</Table.Td>
                <Table.Td ff="monospace">{b.isbn}</Table.Td>
                <Table.Td>
                  {formatDateTime(b.addedAt)}
                  {b.addedByName ? ` by ${b.addedByName}` : ''}
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Remove from free books">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${b.title}`}
                      onClick={() => setRemoving(b)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && <Pager {...list.data} onChange={setPage} />}
      {removing && (
        <ConfirmDialog
          title="Remove the free book?"
          confirmLabel="Remove"
          loading={remove.isPending}
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        >
          "{removing.title}" will no longer be free as a whole. Its free sample, if it has one,
          stays.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
