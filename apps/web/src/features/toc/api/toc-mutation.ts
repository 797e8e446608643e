import type { Toc } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The TOC's reads by cache key: a write reads both again. */
export const tocKeys = {
  all: ['toc'] as const,
  tree: (isbn: string) => ['toc', 'tree', isbn] as const,
  content: (isbn: string) => ['toc', 'content', isbn] as const,
};

/**
 * A TOC write (each endpoint's file makes its hook with it): the tree and the
 * content list are read again afterwards. A write that answers the whole tree
 * shows it at once and is done then (the re-read goes on behind it); others
 * are done when the lists are read again.
 */
export function useTocMutation<TInput, TOutput>(
  isbn: string,
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      const tree = data && typeof data === 'object' && 'nodes' in data;
      if (tree) queryClient.setQueryData(tocKeys.tree(isbn), data as unknown as Toc);
      const reread = queryClient.invalidateQueries({ queryKey: tocKeys.all });
      if (!tree) await reread;
    },
  });
}
