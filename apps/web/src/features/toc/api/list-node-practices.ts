import { practiceRoutes } from '@bo/contract/practices-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * GET /toc/quiz/listofpractices?tocNodeId=: the practices of one node, for
 * the book page. Under the assessments' cache family, so a practice created
 * or renamed there shows here at the next render.
 */
export function useNodePractices(tocNodeId: number) {
  return useQuery({
    queryKey: ['assessments', 'practice', 'node', tocNodeId],
    queryFn: ({ signal }) =>
      apiCall(practiceRoutes.listPractices, {
        query: { tocNodeId, pageSize: 100, sort: 'name' },
        signal,
      }),
  });
}
