import { useMutation, useQueryClient } from '@tanstack/react-query';

export const freeKeys = {
  all: ['free-content'] as const,
  books: (query: unknown) => ['free-content', 'free-books', query] as const,
  samples: (query: unknown) => ['free-content', 'samples', query] as const,
  toc: (isbn: string) => ['free-content', 'toc', isbn] as const,
};

/** A write to free content: afterwards every free-content list and tree is stale. */
export function useFreeMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: freeKeys.all }),
  });
}
