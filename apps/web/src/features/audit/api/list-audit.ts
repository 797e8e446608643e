import type { RouteQueryInput } from '@bo/contract';
import { auditRoutes } from '@bo/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type AuditQuery = RouteQueryInput<typeof auditRoutes.listAudit>;

/** GET /audit: newest first, filtered on the server (super admins only). */
export const listAudit = (query: AuditQuery, signal?: AbortSignal) =>
  apiCall(auditRoutes.listAudit, { query, signal });

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => listAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
