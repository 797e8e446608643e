import { freeContentRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { bookByIsbn } from '../toc/index.ts';
import { appFreeContent } from './free-content.app.ts';
import { cloneFreeToc } from './free-content.clone.ts';
import { listFreeBooks, listSampleBooks, readFreeToc } from './free-content.queries.ts';
import {
  addFreeIsbn,
  createFreeToc,
  deleteFreeIsbn,
  updateFreeNode,
} from './free-content.service.ts';

export function freeContentModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, freeContentRoutes, {
    addFreeIsbn: ({ body, ctx, admin }) => addFreeIsbn(deps, ctx, admin, body.isbn),
    listFreeIsbns: ({ query }) => listFreeBooks(deps.db, query),
    deleteFreeIsbn: ({ body, ctx }) => deleteFreeIsbn(deps, ctx, body.bookId),
    createFreeToc: ({ body, ctx, admin }) => createFreeToc(deps, ctx, admin, body),
    cloneFreeToc: ({ body, ctx, admin }) => cloneFreeToc(deps, ctx, admin, body),
    getFreeToc: async ({ query }) => readFreeToc(deps.db, await bookByIsbn(deps.db, query.isbn)),
    updateFreeContentStatus: ({ body, ctx, admin }) => updateFreeNode(deps, ctx, admin, body),
    listSampleBooks: ({ query }) => listSampleBooks(deps.db, query),
    appFreeContent: ({ query }) => appFreeContent(deps.db, query),
  });
}
