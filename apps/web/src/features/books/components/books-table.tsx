import type { Book } from '@bo/contract';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link } from 'react-router';
import { STATUS_COLOR, STATUS_LABEL } from './labels.ts';

type SortColumn = 'title' | 'isbn' | 'createdAt' | 'updatedAt';
const PAGE_SIZES = [10, 20, 50, 100];

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export function BooksTable({
  records,
  total,
  page,
  pageSize,
  sort,
  fetching,
  filtered,
  selected,
  onSelect,
  onPage,
  onPageSize,
  onSort,
}: {
  records: Book[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  sort: { column: SortColumn | undefined; order: 'asc' | 'desc' };
  fetching: boolean;
  filtered: boolean;
  selected: Book[];
  onSelect: (books: Book[]) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSort: (column: SortColumn, order: 'asc' | 'desc') => void;
}) {
  const sortStatus: DataTableSortStatus<Book> = {
    columnAccessor: sort.column ?? 'title',
    direction: sort.order,
  };
  return (
    <DataTable<Book>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      minHeight={records?.length ? undefined : 260}
      fetching={fetching}
      records={records}
      idAccessor="id"
      totalRecords={total}
      page={page}
      recordsPerPage={pageSize}
      recordsPerPageOptions={PAGE_SIZES}
      recordsPerPageLabel="Books per page"
      onPageChange={onPage}
      onRecordsPerPageChange={onPageSize}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      sortStatus={sortStatus}
      onSortStatusChange={(s) => onSort(s.columnAccessor as SortColumn, s.direction)}
      selectedRecords={selected}
      onSelectedRecordsChange={onSelect}
      allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all books on this page' }}
      getRecordSelectionCheckboxProps={(book) => ({ 'aria-label': `Select ${book.title}` })}
      noRecordsText={filtered ? 'No books match' : 'No books yet'}
      noRecordsIcon={<IconBooks size={32} stroke={1.4} />}
      customRowAttributes={(book) => ({ 'data-testid': `book-row-${book.id}` })}
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
            <Badge variant="dot" color={STATUS_COLOR[book.status]}>
              {STATUS_LABEL[book.status]}
            </Badge>
          ),
        },
        {
          accessor: 'updatedAt',
          title: 'Updated',
          sortable: true,
          render: (book) => formatDate(book.updatedAt),
        },
      ]}
    />
  );
}
