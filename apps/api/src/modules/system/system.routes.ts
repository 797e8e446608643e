import { systemRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';

export function systemModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, systemRoutes, {
    health: async () => {
      try {
        await deps.database.ping();
      } catch {
        throw new AppError(503, 'database_unavailable', 'The database does not answer');
      }
      return { status: 'ok' as const };
    },
  });
}
