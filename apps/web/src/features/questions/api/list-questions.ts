import type { RouteQueryInput } from '@bo/contract';
import { questionListQuery, questionRoutes } from '@bo/contract/questions-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import type { ScreenPrefetch } from '../../../lib/screen-prefetch.ts';
import { parseSearchParams } from '../../../lib/search-params.ts';
import { questionKeys } from './question-keys.ts';

export type QuestionListQuery = RouteQueryInput<typeof questionRoutes.listQuestions>;

/** GET /questions/listofquestions: one page, searched, filtered and sorted on the server. */
export const listQuestions = (query: QuestionListQuery, signal?: AbortSignal) =>
  apiCall(questionRoutes.listQuestions, { query, signal });

const questionsQuery = (query: QuestionListQuery) =>
  queryOptions({
    queryKey: questionKeys.list(query),
    queryFn: ({ signal }) => listQuestions(query, signal),
  });

export function useQuestions(query: QuestionListQuery) {
  return useQuery({ ...questionsQuery(query), placeholderData: keepPreviousData });
}

/** The page the list will show (its filters are the address's), asked for with its route. */
export const prefetchQuestions: ScreenPrefetch = (prefetch, _params, search) =>
  prefetch(questionsQuery(parseSearchParams(questionListQuery, search)));
