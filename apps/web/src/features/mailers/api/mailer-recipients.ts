import type { RouteQueryInput } from '@bo/contract';
import { mailRoutes } from '@bo/contract/mail-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mailerKeys } from './mailer-keys.ts';

export type RecipientsQuery = RouteQueryInput<typeof mailRoutes.mailerRecipients>;

/** GET /mail/mailerrecipients: one page of a campaign's ledger (live while it sends). */
export function useMailerRecipients(query: RecipientsQuery, live: boolean) {
  return useQuery({
    queryKey: mailerKeys.recipients(query),
    queryFn: ({ signal }) => apiCall(mailRoutes.mailerRecipients, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 2000 : false,
  });
}
