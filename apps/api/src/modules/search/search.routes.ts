import { searchRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { searchPalette } from './search.service.ts';

/** The command palette's search (docs/web-ux.md, Command palette). */
export function searchModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, searchRoutes, {
    searchPalette: ({ query, admin }) => searchPalette(deps.db, admin, query),
  });
}
