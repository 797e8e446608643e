import type { FreeBook } from '@bo/contract';
import { addFreeIsbnBody } from '@bo/contract/free-content';
import {
  ActionIcon,
  Button,
  Group,
  Stack,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SearchedTable, useSearchedPages } from '../../../components/searched-table.tsx';
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
  const pages = useSearchedPages();
  const list = useFreeBooks(pages.page, pages.search);
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
      <SearchedTable
        pages={pages}
        query={list}
        searchLabel="Search free books"
        label="Free books"
        errorTitle="Could not load the free books"
        emptyText="No book is free as a whole yet."
        noMatchText="No free book matches."
        rowKey={(b) => b.bookId}
        columns={[
          { title: 'Book', render: (b) => b.title },
          { title: 'ISBN', render: (b) => b.isbn, mono: true },
          {
            title: 'Made free',
            render: (b) =>
              `${formatDateTime(b.addedAt)}${b.addedByName ? ` by ${b.addedByName}` : ''}`,
          },
          {
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            align: 'right',
            render: (b) => (
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
            ),
          },
        ]}
      />
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
