import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/updatetocnode: title, free flag and/or status (optionally for the whole subtree). */
export const updateTocNode = postCall(tocRoutes.updateTocNode);

export const useUpdateTocNode = (isbn: string) => useTocMutation(isbn, updateTocNode);
