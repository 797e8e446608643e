import { auditRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { listAudit } from './audit.service.ts';

export function auditModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, auditRoutes, {
    listAudit: ({ query }) => listAudit(deps.db, query),
  });
}
