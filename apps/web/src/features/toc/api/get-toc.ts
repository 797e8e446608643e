import { tocRoutes } from '@bo/contract/toc-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { tocKeys } from './toc-mutation.ts';

/** GET /book/gettocbyisbn: the ordered tree. */
export function useToc(isbn: string) {
  return useQuery({
    queryKey: tocKeys.tree(isbn),
    queryFn: ({ signal }) => apiCall(tocRoutes.getToc, { query: { isbn }, signal }),
  });
}
