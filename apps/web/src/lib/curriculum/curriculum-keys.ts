import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The one cache key family of the curriculum masters, whatever screen reads
 * them (the curriculum drill-down, the books and media tag fields and
 * filters): a write anywhere refreshes every screen at once.
 */
export const curriculumKeys = {
  all: ['curriculum'] as const,
  grades: ['curriculum', 'grades'] as const,
  subjects: (gradeId: number) => ['curriculum', 'subjects', gradeId] as const,
  chapters: (subjectId: number) => ['curriculum', 'chapters', subjectId] as const,
  topics: (chapterId: number) => ['curriculum', 'topics', chapterId] as const,
};

/** A write to the masters: every list may show a changed name, order or count. */
export function useCurriculumMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: curriculumKeys.all }),
  });
}
