import { mailRoutes } from '@bo/contract/mail-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/** GET /mail/learners: learners to preview with, once two characters are typed. */
export function useMailLearners(q: string) {
  return useQuery({
    queryKey: templateKeys.learners(q),
    queryFn: ({ signal }) => apiCall(mailRoutes.mailLearners, { query: { q }, signal }),
    enabled: q.trim().length >= 2,
  });
}
