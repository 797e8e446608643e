import { questionRoutes } from '@bo/contract/questions-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { questionKeys } from './question-keys.ts';

/** GET /questions/revisions: who saved what and when, newest first. */
export const listRevisions = (id: number, signal?: AbortSignal) =>
  apiCall(questionRoutes.questionRevisions, { query: { id }, signal });

/** Asked only while the history drawer is open. */
export function useRevisions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: questionKeys.revisions(id),
    queryFn: ({ signal }) => listRevisions(id, signal),
    enabled,
  });
}
