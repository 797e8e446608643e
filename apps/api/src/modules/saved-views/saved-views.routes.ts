import { savedViewRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from './saved-views.service.ts';

/** Saved views of the list tables (docs/web-ux.md, "Saved views, columns and density"). */
export function savedViewsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, savedViewRoutes, {
    listSavedViews: ({ query, admin }) => listSavedViews(deps.db, admin, query.list),
    createSavedView: ({ body, admin }) => createSavedView(deps, admin, body),
    updateSavedView: ({ body, admin }) => updateSavedView(deps, admin, body),
    deleteSavedView: ({ body, admin }) => deleteSavedView(deps, admin, body.id),
  });
}
