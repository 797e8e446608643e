import { useMutation, useQueryClient } from '@tanstack/react-query';

export const bookKeys = {
  all: ['books'] as const,
  list: (query: unknown) => ['books', 'list', query] as const,
  one: (id: number) => ['books', 'one', id] as const,
};

/** A write to books: afterwards every book list and page is stale. */
export function useBooksMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookKeys.all }),
  });
}
