import { mailRoutes } from '@bo/contract/mail-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { mailerKeys } from './mailer-keys.ts';

/**
 * GET /mail/mailerresults: the campaign's figures, opens and clicks over
 * time. Opens keep coming for days, so it is read again every minute (every
 * few seconds while it sends).
 */
export function useMailerResults(id: number, live: boolean) {
  return useQuery({
    queryKey: mailerKeys.results(id),
    queryFn: ({ signal }) => apiCall(mailRoutes.mailerResults, { query: { id }, signal }),
    refetchInterval: live ? 3000 : 60_000,
  });
}

/** GET /mail/mailerresultsdownload: every recipient with its times, as CSV. */
export const downloadMailerResults = (id: number) =>
  downloadFile(mailRoutes.mailerResultsDownload, { query: { id } }, `Mailer ${id} recipients.csv`);
