import type { MediaKind } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const mediaKeys = {
  all: ['media'] as const,
  list: (kind: MediaKind, query: unknown) => ['media', kind, 'list', query] as const,
  one: (kind: MediaKind, id: number) => ['media', kind, 'one', id] as const,
};

/** A write to the library: afterwards every media list and item is stale. */
export function useMediaMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
