import { tocRoutes } from '@bo/contract/toc-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/dummytocforisbn: a starting tree for an empty book. */
export const dummyToc = postCall(tocRoutes.dummyToc);

export const useDummyToc = (isbn: string) => useTocMutation(isbn, dummyToc);
