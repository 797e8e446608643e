import type { RouteQueryInput } from '@bo/contract';
import { questionRoutes } from '@bo/contract/questions-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { questionKeys } from './question-keys.ts';

export type QuestionListQuery = RouteQueryInput<typeof questionRoutes.listQuestions>;

/** GET /questions/listofquestions: one page, searched, filtered and sorted on the server. */
export const listQuestions = (query: QuestionListQuery, signal?: AbortSignal) =>
  apiCall(questionRoutes.listQuestions, { query, signal });

export function useQuestions(query: QuestionListQuery) {
  return useQuery({
    queryKey: questionKeys.list(query),
    queryFn: ({ signal }) => listQuestions(query, signal),
    placeholderData: keepPreviousData,
  });
}
