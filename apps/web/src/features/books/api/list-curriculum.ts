import { routes } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** GET /book/getgrades: the options of the grade filter and field (open to the books, media and other content modules). */
export const listGrades = (signal?: AbortSignal) => apiCall(routes.getGrades, { signal });

export function useGrades() {
  return useQuery({
    queryKey: bookKeys.grades,
    queryFn: ({ signal }) => listGrades(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /book/getsubjects: a grade's subjects, once a grade is chosen. */
export const listSubjects = (gradeId: number, signal?: AbortSignal) =>
  apiCall(routes.getSubjects, { query: { gradeId }, signal });

export function useSubjects(gradeId: number | null | undefined) {
  return useQuery({
    queryKey: bookKeys.subjects(gradeId ?? 0),
    queryFn: ({ signal }) => listSubjects(gradeId!, signal),
    enabled: Boolean(gradeId),
    staleTime: 60_000,
    retry: false,
  });
}
