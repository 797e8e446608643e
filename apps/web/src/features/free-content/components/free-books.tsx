import type { FreeBook } from '@bo/contract';
import { ActionIcon, Button, Group, Select, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SearchedTable, useSearchedPages } from '../../../components/searched-table.tsx';
import { useBookOptions } from '../../../lib/book-options.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddFreeIsbn } from '../api/add-free-isbn.ts';
import { useDeleteFreeIsbn } from '../api/delete-free-isbn.ts';
import { useFreeBooks } from '../api/list-free-books.ts';

interface BookChoice {
  isbn: string;
  title: string;
}

/**
 * Books free as a whole: find one by title or ISBN and make it free (asked
 * first: every learner gets the whole book), search, remove (asked first).
 */
export function FreeBooks() {
  const pages = useSearchedPages();
  const list = useFreeBooks(pages.page, pages.search);
  const add = useAddFreeIsbn();
  const remove = useDeleteFreeIsbn();
  const [removing, setRemoving] = useState<FreeBook | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const options = useBookOptions(q);
  const [chosen, setChosen] = useState<BookChoice | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const found = options.data?.items ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setPickError('Choose a book by its title or ISBN');
    setConfirming(true);
  };
  const confirmAdd = async () => {
    if (!chosen) return;
    try {
      const book = await add.mutateAsync({ isbn: chosen.isbn });
      notifySuccess(`"${book.title}" is free to every learner`);
      setConfirming(false);
      setChosen(null);
      setSearch('');
    } catch (e) {
      // The dialog stays: the refusal is read beside it, and Cancel closes it.
      notifyError(e, 'Could not make the book free');
    }
  };

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
          <Select
            label="Book to make free"
            placeholder="Title or ISBN"
            w={420}
            data={found.map((b) => ({ value: b.isbn, label: `${b.title} (${b.isbn})` }))}
            value={chosen?.isbn ?? null}
            onChange={(isbn) => {
              const book = found.find((b) => b.isbn === isbn);
              setChosen(book ? { isbn: book.isbn, title: book.title } : null);
              setPickError(null);
            }}
            searchValue={search}
            onSearchChange={setSearch}
            // The server searches (title or ISBN prefix); every answer is a match.
            filter={({ options: all }) => all}
            nothingFoundMessage={options.isFetching ? 'Searching…' : 'No book matches'}
            error={pickError}
            searchable
            clearable
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
      {confirming && chosen && (
        <ConfirmDialog
          title="Make the book free?"
          confirmLabel="Make free"
          color="indigo"
          loading={add.isPending}
          onConfirm={confirmAdd}
          onClose={() => setConfirming(false)}
        >
          "{chosen.title}" (ISBN {chosen.isbn}) will be free as a whole to every learner, without a
          purchase.
        </ConfirmDialog>
      )}
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
