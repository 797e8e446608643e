import { routes } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mediaKeys } from './media-keys.ts';

/** GET /book/getgrades … /book/gettopics: the cascading tag options (open to the books, media and other content modules). */
const options = { staleTime: 60_000, retry: false } as const;

export function useGrades() {
  return useQuery({
    queryKey: mediaKeys.grades,
    queryFn: ({ signal }) => apiCall(routes.getGrades, { signal }),
    ...options,
  });
}

export function useSubjects(gradeId: number | null | undefined) {
  return useQuery({
    queryKey: mediaKeys.subjects(gradeId ?? 0),
    queryFn: ({ signal }) => apiCall(routes.getSubjects, { query: { gradeId: gradeId! }, signal }),
    enabled: Boolean(gradeId),
    ...options,
  });
}

export function useChapters(subjectId: number | null | undefined) {
  return useQuery({
    queryKey: mediaKeys.chapters(subjectId ?? 0),
    queryFn: ({ signal }) =>
      apiCall(routes.getChapters, { query: { subjectId: subjectId! }, signal }),
    enabled: Boolean(subjectId),
    ...options,
  });
}

export function useTopics(chapterId: number | null | undefined) {
  return useQuery({
    queryKey: mediaKeys.topics(chapterId ?? 0),
    queryFn: ({ signal }) =>
      apiCall(routes.getTopics, { query: { chapterId: chapterId! }, signal }),
    enabled: Boolean(chapterId),
    ...options,
  });
}
