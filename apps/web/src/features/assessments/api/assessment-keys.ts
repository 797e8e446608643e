import type { AssessmentKind } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Cache keys of the four kinds, one family: every write invalidates
 * `['assessments']`, so a list, a builder and the question picker (whose
 * `notInAssessment` depends on the items) never show an assessment as it was.
 */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (kind: AssessmentKind, query: unknown) => ['assessments', kind, 'list', query] as const,
  one: (kind: AssessmentKind, id: number) => ['assessments', kind, 'one', id] as const,
  picker: (query: unknown) => ['assessments', 'picker', query] as const,
  categories: ['assessments', 'categories'] as const,
};

/** A write to an assessment: afterwards every list, builder and picker is read again. */
export function useAssessmentMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
