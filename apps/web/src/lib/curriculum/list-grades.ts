import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';
import { curriculumKeys } from './curriculum-keys.ts';

/** GET /book/getgrades: the seeded grades with their subject counts. */
export const listGrades = (signal?: AbortSignal) => apiCall(curriculumRoutes.getGrades, { signal });

export function useGrades() {
  return useQuery({ queryKey: curriculumKeys.grades, queryFn: ({ signal }) => listGrades(signal) });
}
