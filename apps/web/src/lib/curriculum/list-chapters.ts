import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/getchapters: a subject's chapters in order. */
export const listChapters = (subjectId: number, signal?: AbortSignal) =>
  apiCall(curriculumRoutes.getChapters, { query: { subjectId }, signal });

/** Waits (disabled) until a subject is chosen. */
export function useChapters(subjectId: number | null | undefined) {
  return useQuery({
    queryKey: curriculumKeys.chapters(subjectId ?? 0),
    queryFn: ({ signal }) => listChapters(subjectId!, signal),
    enabled: Boolean(subjectId),
  });
}
