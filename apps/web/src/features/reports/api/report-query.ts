import type { RouteDef, RouteQueryInput } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

/** Every report is cached under its path and query, so tabs switch back without a reload. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (path: string, query: object) => ['reports', path, query] as const,
};

/** A report's JSON (format=json) for the screen; the last answer stays while the next loads. */
export function useReportQuery<R extends RouteDef>(
  route: R,
  query: RouteQueryInput<R>,
  enabled = true,
) {
  return useQuery({
    queryKey: reportKeys.report(route.path, query as object),
    queryFn: ({ signal }) => apiCall(route, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type ReportFileFormat = 'csv' | 'xlsx';

/** The same report as a file: the rows its filters hold (the server names the file). */
export const downloadReport = <R extends RouteDef>(
  route: R,
  query: RouteQueryInput<R>,
  format: ReportFileFormat,
) =>
  downloadFile(
    route,
    { query: { ...(query as object), format, page: undefined, pageSize: undefined } as never },
    `Report.${format}`,
  );
