import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/session.ts';

export const adminKeys = {
  all: ['admins'] as const,
  list: (query: unknown) => ['admins', 'list', query] as const,
  modules: ['admins', 'modules'] as const,
};

/**
 * A write to admins: afterwards every admin list is stale, and so is the
 * header's own record when the admin edited themself.
 */
export function useAdminsMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
