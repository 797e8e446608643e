import type { RouteDef, RouteQueryInput } from '@bo/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { useListParams } from '../../../lib/search-params.ts';
import { downloadReport, type ReportFileFormat } from '../api/report-query.ts';

type Values<S extends z.ZodObject> = ReturnType<typeof useListParams<S>>['values'];

/**
 * A report tab's state, the same for every tab: its filters read from the
 * URL, its data through the endpoint's query hook, a download of the rows
 * those filters hold, and the props its layout, filter bar and rows table
 * take from them (spread: `<ReportLayout {...layout}>`).
 */
export function useReportScreen<S extends z.ZodObject, R extends RouteDef, D>(
  schema: S,
  route: R,
  useData: (values: Values<S>) => UseQueryResult<D>,
) {
  const { values, update } = useListParams(schema);
  const report = useData(values);
  const data = report.data;
  return {
    values,
    update,
    data,
    download: (format: ReportFileFormat) =>
      downloadReport(route, values as RouteQueryInput<R>, format),
    layout: { loading: !data, error: report.error },
    filterBar: { values, onChange: update, withLabels: true },
    rows: { values, update, query: report },
  };
}
