import type { DataTableColumn } from 'mantine-datatable';
import { ListTable, type ListTableQuery } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { ListUpdate } from '../../../lib/search-params.ts';
import type { ReportFileFormat } from '../api/report-query.ts';
import { ReportCard } from './report-card.tsx';

/** When a row happened: every report's rows lead with it. */
export const whenColumn = <T extends { at: string }>(): DataTableColumn<T> => ({
  accessor: 'at',
  title: 'When',
  noWrap: true,
  render: (r) => formatDateTime(r.at),
});

/**
 * The rows a report's download holds, a page at a time (page and size in the
 * URL), in a card titled `title` (`noun` unless told) with that download.
 */
export function ReportRows<T extends { id: number }>({
  values,
  update,
  download,
  rows,
  query,
  columns,
  noun,
  title = noun,
  testId,
}: {
  values: { page: number; pageSize: number };
  update: ListUpdate;
  download: (format: ReportFileFormat) => Promise<void>;
  rows: ListTableQuery<T>['data'];
  query: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  columns: DataTableColumn<T>[];
  noun: string;
  title?: string;
  testId: string;
}) {
  return (
    <ReportCard title={title} download={download} testId={testId}>
      <ListTable<T>
        params={{ values, update }}
        query={{ ...query, data: rows }}
        columns={columns}
        noun={noun}
        errorTitle={`The ${noun.toLowerCase()} could not load`}
        emptyText={`No ${noun.toLowerCase()} in this period`}
        rowTestId={(row) => `report-row-${row.id}`}
      />
    </ReportCard>
  );
}
