import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Cache keys of the question bank, one family for the list, the preview and
 * the editor: every write (status, delete, import, the editor's saves and
 * restores) invalidates `all`, so no screen shows a question, its tags, its
 * history or its duplicates as they were before.
 */
export const questionKeys = {
  all: ['questions'] as const,
  list: (query: unknown) => ['questions', 'list', query] as const,
  one: (id: number) => ['questions', 'one', id] as const,
  tags: (q: string) => ['questions', 'tags', q] as const,
  revisions: (id: number) => ['questions', 'revisions', id] as const,
  duplicates: (body: unknown) => ['questions', 'duplicates', body] as const,
};

/** A write to questions: afterwards every question list, preview, history and tag list is stale. */
export function useQuestionsMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
