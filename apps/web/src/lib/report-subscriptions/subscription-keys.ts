import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The admin's report subscriptions, shared by the report screens, the dashboard and the profile. */
export const subscriptionKeys = { mine: ['report-subscriptions'] as const };

/** A write about subscriptions: afterwards the list is stale. */
export function useSubscriptionsMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine }),
  });
}
