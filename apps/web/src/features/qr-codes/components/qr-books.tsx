import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SearchedTable, useSearchedPages } from '../../../components/searched-table.tsx';
import { useQrBooks } from '../api/list-qr-books.ts';

/** Books having codes, with counts; each opens the book's QR screen. */
export function QrBooks() {
  const pages = useSearchedPages();
  const list = useQrBooks(pages.page, pages.search);
  return (
    <SearchedTable
      pages={pages}
      query={list}
      searchLabel="Search"
      label="Books with QR codes"
      errorTitle="Could not load the books"
      emptyText="No book has QR codes yet. Generate them from a book's page."
      noMatchText="No book with QR codes matches."
      rowKey={(b) => b.bookId}
      columns={[
        {
          title: 'Book',
          render: (b) => (
            <Anchor component={Link} to={`/qr-codes/${b.bookId}`}>
              {b.title}
            </Anchor>
          ),
        },
        { title: 'ISBN', render: (b) => b.isbn, mono: true },
        { title: 'Codes', render: (b) => b.codes, align: 'right' },
        { title: 'Without content', render: (b) => b.withoutContent, align: 'right' },
        { title: 'Disabled', render: (b) => b.disabled, align: 'right' },
        { title: 'Scans', render: (b) => b.scans, align: 'right' },
      ]}
    />
  );
}
