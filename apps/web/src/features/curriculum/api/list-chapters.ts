import { routes } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/getchapters: a subject's chapters in order. */
export const listChapters = (subjectId: number, signal?: AbortSignal) =>
  apiCall(routes.getChapters, { query: { subjectId }, signal });

export function useChapters(subjectId: number | undefined) {
  return useQuery({
    queryKey: curriculumKeys.chapters(subjectId ?? 0),
    queryFn: ({ signal }) => listChapters(subjectId!, signal),
    enabled: subjectId !== undefined,
  });
}
