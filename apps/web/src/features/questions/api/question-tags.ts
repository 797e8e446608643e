import { questionRoutes } from '@bo/contract/questions-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { questionKeys } from './question-keys.ts';

/** GET /questions/tags: tags in use, most used first, starting with `q` when given. */
export const listQuestionTags = (q: string, signal?: AbortSignal) =>
  apiCall(questionRoutes.questionTags, { query: q ? { q, limit: 50 } : { limit: 50 }, signal });

export function useQuestionTags(q: string) {
  return useQuery({
    queryKey: questionKeys.tags(q),
    queryFn: ({ signal }) => listQuestionTags(q, signal),
    placeholderData: keepPreviousData,
  });
}
