import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/getsubjects: a grade's subjects in order. */
export const listSubjects = (gradeId: number, signal?: AbortSignal) =>
  apiCall(curriculumRoutes.getSubjects, { query: { gradeId }, signal });

/** Waits (disabled) until a grade is chosen. */
export function useSubjects(gradeId: number | null | undefined) {
  return useQuery({
    queryKey: curriculumKeys.subjects(gradeId ?? 0),
    queryFn: ({ signal }) => listSubjects(gradeId!, signal),
    enabled: Boolean(gradeId),
  });
}
