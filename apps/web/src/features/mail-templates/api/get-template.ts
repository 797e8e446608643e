import { mailRoutes } from '@bo/contract/mail-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/** GET /mail/template: one template with its HTML (null id: a new template, nothing to load). */
export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiCall(mailRoutes.getTemplate, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}
