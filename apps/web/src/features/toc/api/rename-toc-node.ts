import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/renametocnode. */
export const renameTocNode = postCall(tocRoutes.renameTocNode);

export const useRenameTocNode = (isbn: string) => useTocMutation(isbn, renameTocNode);
