import { useMutation, useQueryClient } from '@tanstack/react-query';

export const mailerKeys = {
  all: ['mailers'] as const,
  list: (query: unknown) => ['mailers', 'list', query] as const,
  one: (id: number) => ['mailers', 'one', id] as const,
  recipients: (query: unknown) => ['mailers', 'recipients', query] as const,
  results: (id: number) => ['mailers', 'results', id] as const,
  templates: ['mailers', 'templates'] as const,
};

/** A write of mailers: every campaign list, page and ledger is stale afterwards. */
export function useMailersMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailerKeys.all }),
  });
}
