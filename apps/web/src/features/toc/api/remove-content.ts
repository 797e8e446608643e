import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/removecontent: a content item off its node. */
export const removeContent = postCall(tocRoutes.removeContent);

export const useRemoveContent = (isbn: string) => useTocMutation(isbn, removeContent);
