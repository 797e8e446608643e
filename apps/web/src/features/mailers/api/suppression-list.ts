import { mailSuppressionRoutes } from '@bo/contract/mail-suppression';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { useMailersMutation } from './mailer-keys.ts';

/** GET /mail/suppressionlist: addresses no mailer reaches, newest first. */
export function useSuppressionList(page: number, q: string) {
  const query = { page, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    // Under the mailers' key: a write of mailers (a removal here) refreshes it too.
    queryKey: ['mailers', 'suppressions', query],
    queryFn: ({ signal }) => apiCall(mailSuppressionRoutes.listSuppressions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /mail/removesuppression: later mailers reach the address again. */
export const useRemoveSuppression = () =>
  useMailersMutation(postCall(mailSuppressionRoutes.removeSuppression));
