import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/movetocnode: a new parent and/or position. */
export const moveTocNode = postCall(tocRoutes.moveTocNode);

export const useMoveTocNode = (isbn: string) => useTocMutation(isbn, moveTocNode);
