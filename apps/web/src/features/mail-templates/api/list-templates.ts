import type { RouteQueryInput } from '@bo/contract';
import { mailRoutes } from '@bo/contract/mail-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

export type TemplateListQuery = RouteQueryInput<typeof mailRoutes.listTemplates>;

/** GET /mail/listoftemplates: one page of templates. */
export function useTemplates(query: TemplateListQuery) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => apiCall(mailRoutes.listTemplates, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
