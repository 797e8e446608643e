import { useMutation, useQueryClient } from '@tanstack/react-query';

export const learnerKeys = {
  all: ['learners'] as const,
  list: (query: unknown) => ['learners', 'list', query] as const,
  one: (id: number) => ['learners', 'one', id] as const,
  contact: (query: unknown) => ['learners', 'contact', query] as const,
  appKeys: ['learners', 'app-keys'] as const,
};

/** A write about learners: afterwards every learner list, page and message list is stale. */
export function useLearnersMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnerKeys.all }),
  });
}
