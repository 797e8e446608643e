import type { DataTableColumn } from 'mantine-datatable';
import { ListTable, type ListTableQuery } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { ListUpdate } from '../../../lib/search-params.ts';

/** When a row happened: every report's rows lead with it. */
export const whenColumn = <T extends { at: string }>(): DataTableColumn<T> => ({
  accessor: 'at',
  title: 'When',
  noWrap: true,
  render: (r) => formatDateTime(r.at),
});

/** The rows a report's download holds, a page at a time (page and size in the URL). */
export function ReportRows<T extends { id: number }>({
  values,
  update,
  rows,
  query,
  columns,
  noun,
}: {
  values: { page: number; pageSize: number };
  update: ListUpdate;
  rows: ListTableQuery<T>['data'];
  query: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  columns: DataTableColumn<T>[];
  noun: string;
}) {
  return (
    <ListTable<T>
      list={null}
      params={{ values, update }}
      query={{ ...query, data: rows }}
      columns={columns}
      noun={noun}
      errorTitle={`The ${noun.toLowerCase()} could not load`}
      emptyText={`No ${noun.toLowerCase()} in this period`}
      rowTestId={(row) => `report-row-${row.id}`}
    />
  );
}
