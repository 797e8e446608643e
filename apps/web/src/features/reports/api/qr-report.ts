import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { useReportQuery } from './report-query.ts';

export const qrReportRoute = reportRoutes.qrReport;
export type QrReportQuery = RouteQueryInput<typeof reportRoutes.qrReport>;

/** GET /reports/getqrcodereport: QR scans by code, book and day. */
export const useQrReport = (query: QrReportQuery, enabled = true) =>
  useReportQuery(reportRoutes.qrReport, query, enabled);
