import { tocRoutes } from '@bo/contract/toc-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { tocKeys } from './toc-mutation.ts';

/** GET /book/getdigitalcontent: every content item with its node path and open link. */
export function useDigitalContent(isbn: string) {
  return useQuery({
    queryKey: tocKeys.content(isbn),
    queryFn: ({ signal }) => apiCall(tocRoutes.getDigitalContent, { query: { isbn }, signal }),
  });
}
