import { routes } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/gettopics: a chapter's topics in order. */
export const listTopics = (chapterId: number, signal?: AbortSignal) =>
  apiCall(routes.getTopics, { query: { chapterId }, signal });

export function useTopics(chapterId: number | undefined) {
  return useQuery({
    queryKey: curriculumKeys.topics(chapterId ?? 0),
    queryFn: ({ signal }) => listTopics(chapterId!, signal),
    enabled: chapterId !== undefined,
  });
}
