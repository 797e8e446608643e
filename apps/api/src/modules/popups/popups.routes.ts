import { popupRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { changePopupStatus, deletePopup, listPopups, savePopup } from './popups.service.ts';

export function popupsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, popupRoutes, {
    savePopup: ({ body, ctx, admin }) => savePopup(deps, ctx, admin, body),
    listPopups: ({ query }) => listPopups(deps, query),
    changePopupStatus: ({ body, ctx, admin }) => changePopupStatus(deps, ctx, admin, body),
    deletePopup: ({ body, ctx }) => deletePopup(deps, ctx, body.id),
  });
}
