import { Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadError } from './load-error.tsx';
import { Pager } from './pager.tsx';
import { SidewaysScroll } from './sideways-scroll.tsx';

/** One column: its heading and how a row fills it. */
export interface SearchedColumn<T> {
  title: ReactNode;
  render: (row: T) => ReactNode;
  /** Numbers are right-aligned. */
  align?: 'right';
  /** Codes (ISBNs) in monospace. */
  mono?: boolean;
}

/** A page of a list as its query hook gives it (TanStack Query's result fits). */
interface PageQuery<T> {
  data: { items: T[]; total: number; page: number; pageSize: number } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The page number and search text of a small list kept in a tab (not in the
 * URL, as the main lists' are): a new search starts again at page 1.
 */
export function useSearchedPages() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  return {
    page,
    setPage,
    q,
    /** The search as the list's query takes it: trimmed. */
    search: q.trim(),
    setQ: (value: string) => {
      setQ(value);
      setPage(1);
    },
  };
}

/**
 * A small searchable, paged table inside a tab (books with QR codes, free
 * books, books with a free sample): the search field, a skeleton while the
 * first page loads, the error, the empty text (another when a search finds
 * nothing), the rows and the pages. The main lists use ListTable instead.
 */
export function SearchedTable<T>({
  pages,
  query,
  searchLabel,
  placeholder = 'Title or ISBN',
  label,
  columns,
  rowKey,
  errorTitle,
  emptyText,
  noMatchText,
}: {
  pages: ReturnType<typeof useSearchedPages>;
  query: PageQuery<T>;
  searchLabel: string;
  /** What the search field takes (books' titles and ISBNs unless said). */
  placeholder?: string;
  /** The table's accessible name. */
  label: string;
  columns: SearchedColumn<T>[];
  rowKey: (row: T) => string | number;
  errorTitle: string;
  emptyText: string;
  noMatchText: string;
}) {
  const { data } = query;
  return (
    <Stack>
      <TextInput
        label={searchLabel}
        placeholder={placeholder}
        value={pages.q}
        onChange={(e) => pages.setQ(e.currentTarget.value)}
        w={320}
        maw="100%"
      />
      {query.isPending && <Skeleton h={160} />}
      {query.isError && <LoadError title={errorTitle} query={query} />}
      {data?.items.length === 0 && <Text c="dimmed">{pages.search ? noMatchText : emptyText}</Text>}
      {data && data.items.length > 0 && (
        <SidewaysScroll label={label} minWidth={560}>
          <Table striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                  <Table.Th key={i} ta={c.align}>
                    {c.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                    <Table.Td key={i} ta={c.align} ff={c.mono ? 'monospace' : undefined}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SidewaysScroll>
      )}
      {data && <Pager {...data} onChange={pages.setPage} />}
    </Stack>
  );
}
