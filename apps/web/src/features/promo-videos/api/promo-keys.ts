import { useMutation, useQueryClient } from '@tanstack/react-query';

export const promoKeys = {
  all: ['promo-videos'] as const,
  list: (query: unknown) => ['promo-videos', 'list', query] as const,
};

/**
 * A write to promo videos: the lists are refetched before the mutation
 * resolves, so an optimistic order (use-optimistic-order) hands over to the
 * server's without a flicker.
 */
export function usePromoMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
}
