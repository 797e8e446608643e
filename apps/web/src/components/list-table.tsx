import 'mantine-datatable/styles.css';
import type { SavedViewList } from '@bo/contract/saved-views';
import { Box } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSelectionProps,
  type DataTableSortProps,
} from 'mantine-datatable';
import { type ComponentType, useEffect } from 'react';
import type { ListUpdate } from '../lib/search-params.ts';
import { ListViewBar } from './list-view/list-view-bar.tsx';
import { useListView } from './list-view/use-list-view.ts';
import { LoadError } from './load-error.tsx';
import { paginationControlProps, paginationItemProps } from './pagination-labels.ts';

/** One page of a server-paginated list, as every list route answers. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The total is the planner's estimate (the question bank's big lists). */
  totalIsEstimate?: boolean;
  page: number;
  pageSize: number;
}

/** The URL state a list table reads and writes (see useListParams). */
export interface ListTableParams {
  values: { page: number; pageSize: number; sort?: string | undefined; order?: 'asc' | 'desc' };
  update: ListUpdate;
}

/** What the table needs of the list's query (a TanStack Query result fits). */
export interface ListTableQuery<T> {
  data: ListPage<T> | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListTableProps<T extends { id: number | string }> {
  /** URL state from useListParams: page, page size and sort are read from and written to it. */
  params: ListTableParams;
  query: ListTableQuery<T>;
  /**
   * The list's key for saved views (the contract's SAVED_VIEW_LISTS): its
   * views show as tabs above it. null for a table inside a report, whose
   * page's own address is what is shared; columns and density still apply.
   */
  list: SavedViewList | null;
  /** Every column, in the table's own order; the admin chooses which show and their order. */
  columns: DataTableColumn<T>[];
  /**
   * Plural noun, e.g. "Admins": "Admins per page", and unless told otherwise
   * "Could not load the admins" and "No admins yet" (or "No admins match").
   */
  noun: string;
  /** Whether the URL holds a search or filter: an empty table then says "No … match". */
  filtered?: boolean;
  /** Title of the alert shown instead of the table when the list cannot load. */
  errorTitle?: string;
  /** Shown in an empty table instead of the words made from `noun` and `filtered`. */
  emptyText?: string;
  /** Drawn above the empty table's words, at the size every list uses. */
  emptyIcon?: ComponentType<IconProps>;
  /** Makes the table sortable by URL `sort`/`order`; the column shown as sorted when `sort` is unset. */
  defaultSort?: string;
  /** The server's order when `sort` is unset (its `sortOrder` default), so the arrow tells the truth. */
  defaultOrder?: 'asc' | 'desc';
  pageSizes?: number[];
  /** `data-testid` of each row, for browser tests. */
  rowTestId?: (row: T) => string;
  onRowClick?: (row: T) => void;
  selection?: {
    selected: T[];
    onChange: (rows: T[]) => void;
    allLabel: string;
    rowLabel: (row: T) => string;
  };
  rowExpansion?: DataTableRowExpansionProps<T>;
  /** How the total reads after "1–20 of": e.g. "about 1.2 million" when the server estimated it. */
  totalText?: (total: number) => string;
}

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The back-office's list table: one server page of rows with pagination,
 * records per page and sort bound to the URL, a spinner while fetching, an
 * empty state, and an alert with a retry when the list cannot load. Above
 * it, the list's saved views, the column chooser and the density, also in
 * the URL (docs/web-ux.md, "Saved views, columns and density").
 */
export function ListTable<T extends { id: number | string }>({
  params: { values, update },
  query,
  list,
  columns,
  noun,
  filtered = false,
  errorTitle = `Could not load the ${noun.toLowerCase()}`,
  emptyText = `No ${noun.toLowerCase()} ${filtered ? 'match' : 'yet'}`,
  emptyIcon: EmptyIcon,
  defaultSort,
  defaultOrder = 'asc',
  pageSizes = PAGE_SIZES,
  rowTestId,
  onRowClick,
  selection,
  rowExpansion,
  totalText = String,
}: ListTableProps<T>) {
  const { data } = query;
  const view = useListView(columns);
  // Deleting the last row of the last page (or an address past the end) leaves
  // an empty page: step to the last one at once; under an estimated total the
  // last page is unknown, so to the first.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && values.page > 1) {
      const last = data.totalIsEstimate ? 1 : Math.ceil(data.total / values.pageSize);
      update({ page: last }, { replace: true });
    }
  }, [data, values.page, values.pageSize, update]);

  const bar = <ListViewBar list={list} view={view} />;
  if (query.isError)
    return (
      <>
        {bar}
        <LoadError title={errorTitle} query={query} />
      </>
    );

  const sorting: DataTableSortProps<T> = defaultSort
    ? {
        sortStatus: {
          columnAccessor: values.sort ?? defaultSort,
          direction: values.sort ? (values.order ?? 'asc') : defaultOrder,
        },
        onSortStatusChange: (s) => update({ sort: String(s.columnAccessor), order: s.direction }),
      }
    : {};
  const selecting: DataTableSelectionProps<T> = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel },
        getRecordSelectionCheckboxProps: (row) => ({ 'aria-label': selection.rowLabel(row) }),
      }
    : {};
  const records = data?.items;
  return (
    <Box data-density={view.density} data-testid="list-table">
      {bar}
      <DataTable<T>
        withTableBorder
        borderRadius="md"
        // A selected row's links keep 4.5:1: the default tint (primary light)
        // left the title link at 4.46:1.
        style={{ '--mantine-datatable-selection-color': 'var(--mantine-color-indigo-0)' }}
        highlightOnHover
        verticalSpacing={view.density === 'compact' ? 4 : 'sm'}
        horizontalSpacing={view.density === 'compact' ? 'xs' : 'sm'}
        minHeight={records?.length ? undefined : 260}
        fetching={query.isFetching}
        records={records}
        idAccessor="id"
        totalRecords={data?.total}
        page={values.page}
        recordsPerPage={values.pageSize}
        recordsPerPageOptions={pageSizes}
        recordsPerPageLabel={`${noun} per page`}
        onPageChange={(page) => update({ page })}
        onRecordsPerPageChange={(pageSize) => update({ pageSize })}
        paginationText={({ from, to, totalRecords }) =>
          `${from}–${to} of ${totalText(totalRecords)}`
        }
        getPaginationControlProps={paginationControlProps}
        getPaginationItemProps={paginationItemProps}
        {...sorting}
        {...selecting}
        noRecordsText={emptyText}
        noRecordsIcon={EmptyIcon && <EmptyIcon size={32} stroke={1.4} />}
        customRowAttributes={rowTestId && ((row) => ({ 'data-testid': rowTestId(row) }))}
        onRowClick={onRowClick && (({ record }) => onRowClick(record))}
        rowExpansion={rowExpansion}
        columns={view.visible}
      />
    </Box>
  );
}
