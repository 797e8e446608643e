import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The saved views of the lists (docs/web-ux.md), shared by every list table. */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (list: string) => ['saved-views', list] as const,
};

/** A write about saved views: afterwards every list's views are stale. */
export function useSavedViewsMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}
