import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/deletetocnode: the node and its subtree. */
export const deleteTocNode = postCall(tocRoutes.deleteTocNode);

export const useDeleteTocNode = (isbn: string) => useTocMutation(isbn, deleteTocNode);
