import { useMutation, useQueryClient } from '@tanstack/react-query';

export const templateKeys = {
  all: ['mail-templates'] as const,
  list: (query: unknown) => ['mail-templates', 'list', query] as const,
  one: (id: number) => ['mail-templates', 'one', id] as const,
  learners: (q: string) => ['mail-templates', 'learners', q] as const,
};

/** A write of templates: every template list and page is stale afterwards. */
export function useTemplatesMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
