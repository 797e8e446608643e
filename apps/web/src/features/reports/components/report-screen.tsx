import type { ReactNode } from 'react';
import { FilterBar, type FilterBarProps } from '../../../components/filter-bar.tsx';
import { ReportLayout } from './report-layout.tsx';

/**
 * A report tab with filters of its own (see useReportScreen): the filter bar
 * over the report's figures and cards, which are drawn once its data has
 * come; until then ReportLayout holds their place or says what went wrong.
 */
export function ReportScreen<V extends object, D>({
  screen: { data, layout, filterBar },
  filters,
  figures,
  children,
}: {
  screen: {
    data: D | undefined;
    layout: { loading: boolean; error: unknown };
    filterBar: FilterBarProps<V>;
  };
  filters: FilterBarProps<V>['filters'];
  figures: (data: D) => ReactNode;
  children: (data: D) => ReactNode;
}) {
  return (
    <ReportLayout
      {...layout}
      filters={<FilterBar {...filterBar} filters={filters} />}
      figures={data && figures(data)}
    >
      {data && children(data)}
    </ReportLayout>
  );
}
