import type { Book } from '@bo/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { STATUS_COLOR, STATUS_LABEL } from './labels.ts';

export function BooksTable({
  params,
  query,
  filtered,
  selected,
  onSelect,
}: {
  params: ListTableParams;
  query: ListTableQuery<Book>;
  filtered: boolean;
  selected: Book[];
  onSelect: (books: Book[]) => void;
}) {
  return (
    <ListTable<Book>
      list={'books'}
      params={params}
      query={query}
      noun="Books"
      filtered={filtered}
      emptyIcon={IconBooks}
      defaultSort="title"
      rowTestId={(book) => `book-row-${book.id}`}
      selection={{
        selected,
        onChange: onSelect,
        allLabel: 'Select all books on this page',
        rowLabel: (book) => `Select ${book.title}`,
      }}
      columns={[
        {
          accessor: 'isbn',
          title: 'ISBN',
          sortable: true,
          render: (book) => (
            <Stack gap={0}>
              <Text fz="sm" ff="monospace">
                {book.isbn}
              </Text>
              {book.extraIsbns.length > 0 && (
                <Text fz="xs" c="dimmed">
                  +{book.extraIsbns.length} more
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'title',
          sortable: true,
          render: (book) => (
            <Anchor component={Link} to={`/books/${book.id}`} fz="sm" fw={500}>
              {book.title}
            </Anchor>
          ),
        },
        { accessor: 'gradeName', title: 'Grade', render: (b) => b.gradeName ?? '—' },
        { accessor: 'subjectName', title: 'Subject', render: (b) => b.subjectName ?? '—' },
        {
          accessor: 'status',
          render: (book) => (
            <StatusBadge color={STATUS_COLOR[book.status]}>{STATUS_LABEL[book.status]}</StatusBadge>
          ),
        },
        {
          accessor: 'updatedAt',
          title: 'Updated',
          sortable: true,
          render: (book) => formatDateTime(book.updatedAt),
        },
      ]}
    />
  );
}
