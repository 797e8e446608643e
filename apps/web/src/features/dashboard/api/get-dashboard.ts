import type { RouteQueryInput } from '@bo/contract';
import { reportRoutes } from '@bo/contract/reports-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type DashboardQuery = RouteQueryInput<typeof reportRoutes.dashboard>;

/** GET /reports/dashboard: the home screen's figures over the last 7, 30 or 90 days. */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => apiCall(reportRoutes.dashboard, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
