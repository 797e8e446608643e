import type { RouteQueryInput } from '@bo/contract';
import { mailRoutes } from '@bo/contract/mail-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mailerKeys } from './mailer-keys.ts';

export type MailerListQuery = RouteQueryInput<typeof mailRoutes.listMailers>;

/** GET /mail/listofmailers: campaigns with their totals; refreshed while one is sending. */
export function useMailers(query: MailerListQuery) {
  return useQuery({
    queryKey: mailerKeys.list(query),
    queryFn: ({ signal }) => apiCall(mailRoutes.listMailers, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((m) => m.status === 'sending') ? 2000 : false,
  });
}
