import { mailRoutes } from '@bo/contract/mail-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { mailerKeys } from './mailer-keys.ts';

/**
 * GET /mail/mailerresults: the campaign's figures, opens and clicks over
 * time. `progress` (the campaign's status and totals, which its page polls)
 * is part of the key, so the figures are read again as soon as the sending
 * moves on or ends; opens keep coming for days, so they are also read again
 * every minute.
 */
export function useMailerResults(id: number, progress: string) {
  return useQuery({
    queryKey: [...mailerKeys.results(id), progress],
    queryFn: ({ signal }) => apiCall(mailRoutes.mailerResults, { query: { id }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /mail/mailerresultsdownload: every recipient with its times, as CSV. */
export const downloadMailerResults = (id: number) =>
  downloadFile(mailRoutes.mailerResultsDownload, { query: { id } }, `Mailer ${id} recipients.csv`);
