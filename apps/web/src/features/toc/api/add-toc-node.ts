import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/addtocnode: a node under a parent (or at the top). */
export const addTocNode = postCall(tocRoutes.addTocNode);

export const useAddTocNode = (isbn: string) => useTocMutation(isbn, addTocNode);
