import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/gettopics: a chapter's topics in order. */
export const listTopics = (chapterId: number, signal?: AbortSignal) =>
  apiCall(curriculumRoutes.getTopics, { query: { chapterId }, signal });

/** Waits (disabled) until a chapter is chosen. */
export function useTopics(chapterId: number | null | undefined) {
  return useQuery({
    queryKey: curriculumKeys.topics(chapterId ?? 0),
    queryFn: ({ signal }) => listTopics(chapterId!, signal),
    enabled: Boolean(chapterId),
  });
}
