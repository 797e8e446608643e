import type { RouteQueryInput } from '@bo/contract';
import { questionRoutes } from '@bo/contract/questions-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { assessmentKeys } from './assessment-keys.ts';

export type PickerQuery = RouteQueryInput<typeof questionRoutes.filteredQuestions>;

/** GET /questions/fileteredquestion: the bank's search and filters, minus the assessment's questions. */
export function usePickerQuestions(query: PickerQuery, enabled: boolean) {
  return useQuery({
    queryKey: assessmentKeys.picker(query),
    queryFn: ({ signal }) => apiCall(questionRoutes.filteredQuestions, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
