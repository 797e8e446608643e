import { mailRoutes } from '@bo/contract/mail-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mailerKeys } from './mailer-keys.ts';

/** GET /mail/mailer: one campaign, polled every second while it sends. */
export function useMailer(id: number) {
  return useQuery({
    queryKey: mailerKeys.one(id),
    queryFn: ({ signal }) => apiCall(mailRoutes.getMailer, { query: { id }, signal }),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? 1000 : false),
  });
}
