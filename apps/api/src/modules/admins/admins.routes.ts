import { adminRoutes, MODULES } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { listAdmins } from './admins.queries.ts';
import {
  createAdmin,
  deleteAdmin,
  editAdmin,
  resendInvite,
  updateModules,
} from './admins.service.ts';

const modules = { items: MODULES.map((m, position) => ({ ...m, position })) };

export function adminsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, adminRoutes, {
    listAdmins: ({ query }) => listAdmins(deps.db, query),
    createAdmin: ({ body, ctx, admin }) => createAdmin(deps, ctx, admin, body),
    editAdmin: ({ body, ctx, admin }) => editAdmin(deps, ctx, admin, body),
    deleteAdmin: async ({ body, ctx, admin }) => {
      await deleteAdmin(deps, ctx, admin, body.id);
      return { ok: true as const };
    },
    resendInvite: async ({ body, ctx, admin }) => {
      await resendInvite(deps, ctx, admin, body.id);
      return { ok: true as const };
    },
    listModules: () => modules,
    updateModules: ({ body, ctx, admin }) => updateModules(deps, ctx, admin, body.id, body.modules),
  });
}
