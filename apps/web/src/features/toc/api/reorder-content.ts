import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/reordercontent: a node's content items in a new order. */
export const reorderContent = postCall(tocRoutes.reorderContent);

export const useReorderContent = (isbn: string) => useTocMutation(isbn, reorderContent);
