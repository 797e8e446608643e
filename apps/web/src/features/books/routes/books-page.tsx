import type { Book, BookStatus } from '@bo/contract';
import { bookListQuery } from '@bo/contract/books';
import { Button } from '@mantine/core';
import { IconPencil, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ExportListButton } from '../../../components/export-list-button.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { notifyError, notifyOutcome } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useChangeBookStatus } from '../api/change-book-status.ts';
import { downloadBooks } from '../api/download-books.ts';
import { useBooks } from '../api/list-books.ts';
import { BooksFilters, hasBookFilters } from '../components/books-filters.tsx';
import { BooksTable } from '../components/books-table.tsx';
import { STATUS_LABEL, statusOptions } from '../components/labels.ts';

const CatalogImportModal = lazyDialog(() =>
  import('../components/catalog-import-modal.tsx').then((m) => m.CatalogImportModal),
);

// The bulk edit dialog (its curriculum selects) loads when first opened.
const BulkEditBooks = lazyDialog(() =>
  import('../components/bulk-edit-books.tsx').then((m) => m.BulkEditBooks),
);

const BookFormModal = lazyDialog(() =>
  import('../components/book-form-modal.tsx').then((m) => m.BookFormModal),
);

/** /books: the book list (state in the URL), creation, bulk status and export. */
export function BooksPage() {
  const params = useListParams(bookListQuery);
  const { values, update } = params;
  const list = useBooks(values);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useRowSelection<Book>(values);
  const [bulkStatus, setBulkStatus] = useState<BookStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const change = useChangeBookStatus();

  return (
    <>
      <PageHeader
        title="Books"
        description="Books by ISBN: their grade, subject, status and extra ISBNs."
        actions={
          <>
            <ExportListButton
              values={values}
              download={downloadBooks}
              failure="Could not export the books"
            />
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              Import
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New book
            </Button>
          </>
        }
      />
      <BooksFilters values={values} onChange={update} />
      {selected.length > 0 && (
        <SelectionBar
          count={selected.length}
          statusOptions={statusOptions}
          onStatus={setBulkStatus}
          onClear={() => setSelected([])}
        >
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            Edit fields
          </Button>
        </SelectionBar>
      )}
      {editing && (
        <BulkEditBooks
          selected={selected}
          listValues={values}
          matchingCount={list.data ? { n: list.data.total, estimate: false } : null}
          onClose={() => {
            setEditing(false);
            setSelected([]);
          }}
        />
      )}
      <BooksTable
        params={params}
        query={list}
        filtered={hasBookFilters(values)}
        selected={selected}
        onSelect={setSelected}
      />

      {creating && <BookFormModal book={null} onClose={() => setCreating(false)} />}
      {importing && <CatalogImportModal onClose={() => setImporting(false)} />}
      {bulkStatus && (
        <ConfirmModal
          title="Change status?"
          confirmLabel={`Set ${selected.length} ${selected.length === 1 ? 'book' : 'books'} ${STATUS_LABEL[bulkStatus].toLowerCase()}`}
          color="blue"
          loading={change.isPending}
          onClose={() => setBulkStatus(null)}
          onConfirm={() =>
            change.mutate(
              { ids: selected.map((b) => b.id), status: bulkStatus },
              {
                onSuccess: (r) => {
                  const word = STATUS_LABEL[bulkStatus].toLowerCase();
                  notifyOutcome(r.updated, {
                    done: `${r.updated} ${r.updated === 1 ? 'book is' : 'books are'} now ${word}.`,
                    nothing: `${selected.length === 1 ? 'This book was' : 'These books were'} already ${word}.`,
                  });
                  setBulkStatus(null);
                  setSelected([]);
                },
                onError: (error) => notifyError(error, 'Could not change the status'),
              },
            )
          }
        >
          Set the status of these books to <b>{STATUS_LABEL[bulkStatus]}</b>:
          <ul>
            {selected.slice(0, 8).map((b) => (
              <li key={b.id}>
                {b.title} ({b.isbn})
              </li>
            ))}
            {selected.length > 8 && <li>and {selected.length - 8} more</li>}
          </ul>
        </ConfirmModal>
      )}
    </>
  );
}
