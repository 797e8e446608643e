import type { QuestionFieldsInput } from '@bo/contract';
import { questionRoutes } from '@bo/contract/questions-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { questionKeys } from './question-keys.ts';

/** POST /questions/checkduplicates: a read (writes nothing) of the exact and near duplicates. */
export const checkDuplicates = (
  body: { question: QuestionFieldsInput; exceptId?: number },
  signal?: AbortSignal,
) => apiCall(questionRoutes.checkDuplicates, { body, signal });

/**
 * `body` is the question as typed, already debounced by the caller; null
 * (nothing worth checking yet) asks nothing. The last answer stays on screen
 * while the next one is asked, so the warnings do not flicker as one types.
 */
export function useDuplicates(body: { question: QuestionFieldsInput; exceptId?: number } | null) {
  return useQuery({
    queryKey: questionKeys.duplicates(body),
    queryFn: ({ signal }) => checkDuplicates(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
