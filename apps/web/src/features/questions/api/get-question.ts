import { questionRoutes } from '@bo/contract/questions-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { questionKeys } from './question-keys.ts';

/** GET /questions/getquestionbyid: one question with its key, explanation and curriculum. */
export const getQuestion = (id: number, signal?: AbortSignal) =>
  apiCall(questionRoutes.getQuestion, { query: { id }, signal });

/**
 * The one hook for a question, shared by the preview drawer and the editor
 * (one cache entry each id). `id` null (no row opened, a new question, or an
 * address that names none) asks nothing.
 */
export function useQuestion(id: number | null) {
  return useQuery({
    queryKey: questionKeys.one(id ?? 0),
    queryFn: ({ signal }) => getQuestion(id ?? 0, signal),
    enabled: id !== null,
    // An open editor must not swap the text under the admin's cursor; the
    // preview is refreshed by the writes that invalidate the family instead.
    refetchOnWindowFocus: false,
  });
}
