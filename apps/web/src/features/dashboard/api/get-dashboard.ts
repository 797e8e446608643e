import type { RouteQueryInput } from '@bo/contract';
import { DASHBOARD_PERIODS } from '@bo/contract/reports';
import { reportRoutes } from '@bo/contract/reports-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import type { ScreenPrefetch } from '../../../lib/screen-prefetch.ts';

export type DashboardQuery = RouteQueryInput<typeof reportRoutes.dashboard>;

/** GET /reports/dashboard: the home screen's figures over the last 7, 30 or 90 days. */
const dashboardQuery = (query: DashboardQuery) =>
  queryOptions({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => apiCall(reportRoutes.dashboard, { query, signal }),
  });

export function useDashboard(query: DashboardQuery) {
  return useQuery({ ...dashboardQuery(query), placeholderData: keepPreviousData });
}

/** The period the address names (`days`), 30 days otherwise: the dashboard page's own rule. */
export const dashboardDays = (search: URLSearchParams): (typeof DASHBOARD_PERIODS)[number] => {
  const days = search.get('days') ?? '';
  return (DASHBOARD_PERIODS as readonly string[]).includes(days)
    ? (days as (typeof DASHBOARD_PERIODS)[number])
    : '30';
};

/**
 * The home's figures, asked for with its route before the admin is known: an
 * admin without the dashboard gets a refusal nothing shows (home then lists
 * the areas), everyone else their figures a round trip sooner.
 */
export const prefetchDashboard: ScreenPrefetch = (prefetch, _params, search) =>
  prefetch(dashboardQuery({ days: dashboardDays(search) }));
