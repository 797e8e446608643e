import { useMutation, useQueryClient } from '@tanstack/react-query';

export const popupKeys = {
  all: ['popups'] as const,
  list: (query: unknown) => ['popups', 'list', query] as const,
};

/** A write about pop-ups: afterwards every pop-up list is stale. */
export function usePopupsMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: popupKeys.all }),
  });
}
